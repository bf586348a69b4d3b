import { BadgeCheck, Clock, FilePen } from 'lucide-react';
import type { DoctorProfile } from '@common/schemas/doctor-profile';
import { cn } from '../../lib/cn';

const STATES = {
  draft: {
    icon: FilePen,
    title: 'Draft',
    text: 'Your profile is not published yet. Patients cannot see it.',
    tone: 'border-line bg-white text-ink',
  },
  pending_verification: {
    icon: Clock,
    title: 'Pending verification',
    text: 'Your profile is published and awaiting review by our medical team (typically 1-2 business days).',
    tone: 'border-amber-200 bg-amber-50 text-amber-900',
  },
  verified: {
    icon: BadgeCheck,
    title: 'Verified',
    text: 'Your profile is verified and visible to patients.',
    tone: 'border-green-200 bg-green-50 text-green-900',
  },
} as const;

export function StatusBanner({ status }: { status: DoctorProfile['profileStatus'] }) {
  const { icon: Icon, title, text, tone } = STATES[status];
  return (
    <div role="status" className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm', tone)}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">Profile status: {title}.</span> {text}
      </p>
    </div>
  );
}
