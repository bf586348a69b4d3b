import { AlertTriangle, CheckCircle2, Info, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { DeviceStatus } from './use-precall-devices';

const TONES = {
  good: { Icon: CheckCircle2, className: 'text-green-800' },
  bad: { Icon: AlertTriangle, className: 'text-amber-900' },
  neutral: { Icon: Loader2, className: 'text-muted' },
  info: { Icon: Info, className: 'text-muted' },
} as const;

export const DEVICE_TONE = {
  checking: 'neutral',
  ok: 'good',
  off: 'info',
  blocked: 'bad',
  missing: 'bad',
  busy: 'bad',
  unsupported: 'bad',
} as const satisfies Record<DeviceStatus, keyof typeof TONES>;

/** One verdict of the check, announced politely as it changes. */
export function StatusLine({
  tone,
  children,
  testId,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  testId?: string;
}) {
  const { Icon, className } = TONES[tone];
  return (
    <p role="status" className={cn('flex items-start gap-2 text-sm font-medium', className)} data-testid={testId}>
      <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', tone === 'neutral' && 'motion-safe:animate-spin')} aria-hidden />
      <span>{children}</span>
    </p>
  );
}
