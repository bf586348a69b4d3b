import { cn } from '../lib/cn';

/**
 * An on/off switch with its label beside it. `name` is what screen readers hear and must contain
 * the visible `label` (WCAG 2.5.3): "Dr. Ana Diaz active" beside "Active". The label is part of
 * the click target.
 */
export function Switch({
  checked,
  label,
  name,
  disabled,
  onChange,
}: {
  checked: boolean;
  label: string;
  name: string;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <label
      className={cn(
        'inline-flex items-center gap-2 text-sm whitespace-nowrap text-ink',
        disabled ? 'cursor-default opacity-60' : 'cursor-pointer',
      )}
    >
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={name}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2 focus-visible:outline-none',
          checked ? 'bg-brand-700' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5',
          )}
        />
      </button>
      <span>{label}</span>
    </label>
  );
}
