import { Clock } from 'lucide-react';
import { JOIN_OPENS_MINUTES_BEFORE } from '@common/rules/join-window';

/** Where Join will be once its window opens, so its absence is explained on screen. */
export function JoinOpensNote({ label = 'Join' }: { label?: string }) {
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-muted" data-testid="join-opens-note">
      <Clock className="h-4 w-4" aria-hidden />
      {label} opens {JOIN_OPENS_MINUTES_BEFORE} minutes before the start.
    </p>
  );
}
