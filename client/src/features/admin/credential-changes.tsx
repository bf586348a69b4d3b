import { CREDENTIAL_LABELS, type CredentialChange, type CredentialValue } from '@common/schemas/doctor-profile';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useDecideCredentials } from './api';

const shown = (value: CredentialValue) =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0)
    ? '—'
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

/**
 * A verified doctor's credential changes, each as verified → new: patients see the verified
 * value until an administrator approves here.
 */
export function CredentialChanges({
  doctorId,
  name,
  changes,
}: {
  doctorId: string;
  name: string;
  changes: CredentialChange[];
}) {
  const decide = useDecideCredentials();
  if (changes.length === 0) return null;
  const act = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: doctorId, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'approve' ? 'Credentials Approved' : 'Credentials Rejected',
            description:
              decision === 'approve'
                ? `${name}'s profile now shows the new credentials.`
                : `${name}'s profile keeps the verified credentials.`,
            variant: 'success',
          }),
        onError: (e) =>
          toast({
            title: 'Error',
            description: errorMessage(e, 'Failed to update credentials'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
      <p className="font-semibold">Credential change waiting for review</p>
      <ul className="flex flex-col gap-1">
        {changes.map((c) => (
          <li key={c.field}>
            <span className="font-medium">{CREDENTIAL_LABELS[c.field]}:</span> {shown(c.before)}{' '}
            <span aria-hidden>→</span>
            <span className="sr-only">changed to</span> {shown(c.after)}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={decide.isPending}
          onClick={() => act('approve')}
          aria-label={`Approve ${name}'s credential change`}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => act('reject')}
          aria-label={`Reject ${name}'s credential change`}
        >
          Reject
        </Button>
      </div>
    </div>
  );
}
