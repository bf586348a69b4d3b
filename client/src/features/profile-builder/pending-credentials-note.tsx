import { Clock } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { formatList } from '@common/i18n/format';
import type { CredentialChange, CredentialField } from '@common/schemas/doctor-profile';
import { textsFor } from '../../lib/i18n/areas';
import { useLanguage } from '../../lib/i18n/use-t';

const useT = textsFor('builder');

const LABELS: Record<CredentialField, ClientMessageKey> = {
  licenseNumber: 'builder.credential.licenseNumber',
  specialty: 'builder.credential.specialty',
  medicalSchool: 'builder.credential.medicalSchool',
  education: 'builder.credential.education',
  experience: 'builder.credential.experience',
  certifications: 'builder.credential.certifications',
  fellowships: 'builder.credential.fellowships',
  residency: 'builder.credential.residency',
};

/**
 * A verified doctor's changed credentials show in the form but not to patients until an
 * administrator approves them; the doctor is told which, so the form is not mistaken for the page.
 */
export function PendingCredentialsNote({ changes }: { changes: CredentialChange[] }) {
  const t = useT();
  const { language } = useLanguage();
  if (changes.length === 0) return null;
  const names = changes.map((c) => t(LABELS[c.field]));
  const fields = formatList(names, language);
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">{t('builder.pending.title')}</span> {t('builder.pending.text', { fields })}
      </p>
    </div>
  );
}
