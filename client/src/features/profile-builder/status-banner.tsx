import { BadgeCheck, Clock, FilePen } from 'lucide-react';
import type { DoctorProfile } from '@common/schemas/doctor-profile';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';

const useT = textsFor('builder');

const STATES = {
  draft: {
    icon: FilePen,
    title: 'builder.status.draft.title',
    text: 'builder.status.draft.text',
    tone: 'border-line bg-white text-ink',
  },
  pending_verification: {
    icon: Clock,
    title: 'builder.status.pending.title',
    text: 'builder.status.pending.text',
    tone: 'border-amber-200 bg-amber-50 text-amber-900',
  },
  verified: {
    icon: BadgeCheck,
    title: 'builder.status.verified.title',
    text: 'builder.status.verified.text',
    tone: 'border-green-200 bg-green-50 text-green-900',
  },
} as const;

export function StatusBanner({ status }: { status: DoctorProfile['profileStatus'] }) {
  const t = useT();
  const { icon: Icon, title, text, tone } = STATES[status];
  return (
    <div role="status" className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm', tone)}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">{t('builder.status.line', { title: t(title) })}</span> {t(text)}
      </p>
    </div>
  );
}
