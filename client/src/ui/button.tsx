import { Slot } from 'radix-ui';
import { useId, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { cn } from '../lib/cn';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (a link) with button styles. */
  asChild?: boolean;
  /**
   * Why the button cannot be used now (null when it can). When set, the button is unavailable and
   * the reason is written on screen next to it and is its accessible description: never only on
   * hover or only for screen readers. Pass it (even as null) to buttons that can become
   * unavailable, so the button stays the same element, and keeps the focus, as the reason comes
   * and goes. Busy states ("Saving...") keep `disabled` and say so in the button's own words.
   */
  reason?: string | null;
};

// The button's place in its parent's layout moves to the wrapper that holds it and its reason.
const PLACEMENT = /^(?:[a-z]+:)?(?:w-full|w-auto|self-\S+|flex-1|shrink-0|grow)$/;
const placement = (className?: string) =>
  (className ?? '')
    .split(/\s+/)
    .filter((c) => PLACEMENT.test(c))
    .join(' ');

export function Button({ variant, size, asChild, className, type, reason, ...props }: ButtonProps) {
  const reasonId = useId();
  if (reason === undefined) {
    const Component = asChild ? Slot.Root : 'button';
    return (
      <Component
        className={cn(buttonClass(variant, size), className)}
        type={asChild ? undefined : (type ?? 'button')}
        {...props}
      />
    );
  }
  // aria-disabled rather than disabled: the button stays in the tab order, so keyboard and
  // screen-reader users reach it and hear why; clicks (and Enter in a form) do nothing.
  const block = (e: MouseEvent<HTMLButtonElement>) => e.preventDefault();
  const describedBy = [props['aria-describedby'], reason ? reasonId : null].filter(Boolean).join(' ') || undefined;
  return (
    <span className={cn('inline-flex max-w-full flex-col items-start gap-1', placement(className))}>
      <button
        {...props}
        type={type ?? 'button'}
        aria-disabled={reason ? true : undefined}
        aria-describedby={describedBy}
        onClick={reason ? block : props.onClick}
        className={cn(buttonClass(variant, size), reason && 'cursor-not-allowed opacity-50', className)}
      />
      {reason && (
        <span id={reasonId} className="text-xs text-muted" data-testid="disabled-reason">
          {reason}
        </span>
      )}
    </span>
  );
}
