import { Clock } from 'lucide-react';
import { CREDENTIAL_LABELS, type CredentialChange } from '@common/schemas/doctor-profile';

/**
 * A verified doctor's changed credentials show in the form but not to patients until an
 * administrator approves them; the doctor is told which, so the form is not mistaken for the page.
 */
export function PendingCredentialsNote({ changes }: { changes: CredentialChange[] }) {
  if (changes.length === 0) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">Waiting for review:</span>{' '}
        {changes.map((c) => CREDENTIAL_LABELS[c.field]).join(', ')}. Patients see your verified credentials until our
        medical team approves the change.
      </p>
    </div>
  );
}
