import type { CredentialChange, CredentialValue } from '@common/schemas/doctor-profile';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useDecideCredentials } from './api';

const useT = textsFor('admin');

// The values are the doctor's own words (school, licence number): shown as they wrote them.
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
  const t = useT();
  const decide = useDecideCredentials();
  if (changes.length === 0) return null;
  const act = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: doctorId, decision },
      {
        onSuccess: () =>
          toast({
            title: t(decision === 'approve' ? 'admin.credentials.approved' : 'admin.credentials.rejected'),
            description: t(
              decision === 'approve' ? 'admin.credentials.approvedText' : 'admin.credentials.rejectedText',
              { name },
            ),
            variant: 'success',
          }),
        onError: (e) =>
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t('admin.credentials.failed')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
      <p className="font-semibold">{t('admin.credentials.waiting')}</p>
      <ul className="flex flex-col gap-1">
        {changes.map((c) => (
          <li key={c.field}>
            <span className="font-medium">
              {t('admin.credentials.field', { field: t(`admin.credentials.label.${c.field}`) })}
            </span>{' '}
            {shown(c.before)}{' '}
            <span aria-hidden className="inline-block rtl:-scale-x-100">
              →
            </span>
            <span className="sr-only">{t('admin.credentials.changedTo')}</span> {shown(c.after)}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={decide.isPending}
          onClick={() => act('approve')}
          aria-label={t('admin.credentials.approveName', { name })}
        >
          {t('admin.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => act('reject')}
          aria-label={t('admin.credentials.rejectName', { name })}
        >
          {t('admin.reject')}
        </Button>
      </div>
    </div>
  );
}
