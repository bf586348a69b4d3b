import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';

const WIDTHS = {
  sm: 'w-[min(30rem,calc(100vw-2rem))]',
  md: 'w-[min(36rem,calc(100vw-2rem))]',
  lg: 'w-[min(40rem,calc(100vw-2rem))]',
} as const;

/**
 * The overlay and panel of a dialog: title, description, then the content. Radix keeps focus
 * inside and returns it on close; the panel scrolls when it is taller than the screen.
 */
export function DialogFrame({
  title,
  description,
  size = 'sm',
  children,
}: {
  title: string;
  description: ReactNode;
  size?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
      <Dialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6',
          WIDTHS[size],
        )}
      >
        <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * A dialog's buttons: the way out, then the action. On phones they stack with the action on top,
 * where the thumb is; from `sm` up they sit in a row on the right.
 */
export function DialogActions({
  closeLabel,
  disabled,
  className,
  children,
}: {
  closeLabel: string;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Dialog.Close asChild>
        <Button variant="outline" disabled={disabled}>
          {closeLabel}
        </Button>
      </Dialog.Close>
      {children}
    </div>
  );
}
