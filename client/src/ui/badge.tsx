import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

const VARIANTS = {
  default: 'bg-brand-700 text-white border-transparent',
  secondary: 'bg-slate-100 text-slate-800 border-transparent',
  outline: 'border-line text-ink',
  destructive: 'bg-danger text-white border-transparent',
  success: 'bg-green-100 text-green-800 border-transparent',
  warning: 'bg-amber-100 text-amber-900 border-transparent',
} as const;

export type BadgeVariant = keyof typeof VARIANTS;

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
