import { BellRing } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { CONSULTATION_TYPE_VALUES, type ConsultationType } from '@common/constants/consultation-types';
import { WAITLIST_OFFER_MINUTES } from '@common/constants/waitlist';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { memberName, useFamilyMembers } from '../../lib/family-members';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useJoinWaitlist } from '../../lib/waitlist';

// The form's schema messages are in the 'fields' area (common/i18n/field-text.ts).
const useT = textsFor('waitlist', 'ui', 'fields');

type Errors = Partial<Record<'consultationType' | 'before' | 'familyMemberId' | 'reasonForVisit', string>>;

/** Tomorrow's local date: the earliest "before" that can mean anything. */
const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * On a doctor's page, for patients: "Tell me if an earlier time opens" (issue 42). A small form
 * (visit type, before which date, for whom); the server holds a freed slot for 15 minutes and tells
 * the patient. Nothing here says how many others wait.
 */
export function EarlierTimeButton({ doctorId, doctorName }: { doctorId: string; doctorName: string }) {
  const t = useT();
  const { user } = useCurrentUser();
  const isPatient = user?.userType === 'patient';
  const members = useFamilyMembers(isPatient);
  const join = useJoinWaitlist();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ConsultationType>('video');
  const [before, setBefore] = useState('');
  const [member, setMember] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  if (!isPatient) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    join.mutate(
      {
        doctorId,
        consultationType: type,
        before,
        familyMemberId: member || null,
        ...(reason.trim() && { reasonForVisit: reason }),
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: t('waitlist.joined'), description: t('waitlist.joinedDescription'), variant: 'success' });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) return setErrors(err.fields as Errors);
          toast({ title: t('waitlist.failed'), description: errorMessage(err, ''), variant: 'destructive' });
        },
      },
    );
  };

  const list = members.data ?? [];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="w-full">
          <BellRing className="h-4 w-4" aria-hidden /> {t('waitlist.ask')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        title={t('waitlist.dialog.title')}
        description={t('waitlist.dialog.description', { doctor: doctorName, minutes: WAITLIST_OFFER_MINUTES })}
        size="md"
      >
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <Field label={t('waitlist.type')} error={errors.consultationType}>
            {(p) => (
              <Select {...p} value={type} onChange={(e) => setType(e.target.value as ConsultationType)}>
                {CONSULTATION_TYPE_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {t(TYPE_LABEL[value])}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('waitlist.before')} error={errors.before}>
            {(p) => (
              <Input
                {...p}
                type="date"
                min={tomorrow()}
                required
                value={before}
                onChange={(e) => setBefore(e.target.value)}
              />
            )}
          </Field>
          {list.length > 0 && (
            <Field label={t('waitlist.for')} error={errors.familyMemberId}>
              {(p) => (
                <Select {...p} value={member} onChange={(e) => setMember(e.target.value)}>
                  <option value="">{t('waitlist.forMe')}</option>
                  {list.map((m) => (
                    <option key={m.id} value={m.id}>
                      {memberName(m)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field label={t('waitlist.reason')} error={errors.reasonForVisit}>
            {(p) => (
              <Textarea {...p} rows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          <DialogActions closeLabel={t('waitlist.cancel')} disabled={join.isPending}>
            <Button type="submit" disabled={join.isPending}>
              {t('waitlist.submit')}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
