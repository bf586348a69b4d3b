import { Timer } from 'lucide-react';
import { textsFor } from '../lib/i18n/areas';

const useT = textsFor('slots');

/** "Video Call visits last 30 min.": the length the offered slots were cut to, once the server says it. */
export function VisitLengthNote({ minutes, kind }: { minutes: number | undefined; kind: string }) {
  const t = useT();
  if (!minutes) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted" data-testid="visit-length">
      <Timer className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t('slots.visitLength', { kind, minutes })}
    </p>
  );
}
