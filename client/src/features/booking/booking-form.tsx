import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { ConsultationType } from '@common/constants/consultation-types';
import { localDateOf } from '@common/rules/display-time';
import type { PublicDoctor } from '@common/schemas/doctors';
import { Button } from '../../ui/button';
import { STEP_HEADING } from '../../ui/step-focus';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select, Textarea } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useCurrentUser } from '../../lib/current-user';
import { useWeekSlots } from '../../lib/doctors-api';
import { memberName, useFamilyMembers } from '../../lib/family-members';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useSlotsForLocalDay, type PickableSlot } from './api';
import { ConsultationTypePicker } from './consultation-type-picker';
import { SlotPicker } from './slot-picker';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';

const useT = textsFor('booking', 'ui', 'family');

/**
 * "Who is this visit for?": the patient or one of their family members (issue 42). Shown only to
 * a patient who has added family members; the booker books, pays and joins either way.
 */
export function WhoFor({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const t = useT();
  const { user } = useCurrentUser();
  const members = useFamilyMembers(user?.userType === 'patient');
  const list = members.data ?? [];
  if (list.length === 0) return null;
  return (
    <Field label={t('family.whoFor')}>
      {(p) => (
        <Select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('family.me')}</option>
          {list.map((m) => (
            <option key={m.id} value={m.id}>
              {memberName(m)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export type BookingDraft = {
  consultationType: ConsultationType;
  date: string;
  slot: PickableSlot | null;
  reasonForVisit: string;
  additionalNotes: string;
  /** The family member the visit is for (issue 42); '' for the booker's own visit. */
  forFamilyMemberId: string;
};

export const emptyDraft = (): BookingDraft => ({
  consultationType: 'video',
  date: '',
  slot: null,
  reasonForVisit: '',
  additionalNotes: '',
  forFamilyMemberId: '',
});

/**
 * Step 1 of booking. Date, time and a non-blank reason are required, else "Missing Information".
 * `takenStart` is a slot a link asked for (the doctor page) that someone else booked meanwhile.
 */
export function BookingForm({
  doctor,
  draft,
  takenStart = null,
  onChange,
  onContinue,
}: {
  doctor: PublicDoctor;
  draft: BookingDraft;
  takenStart?: string | null;
  onChange: Dispatch<SetStateAction<BookingDraft>>;
  onContinue: () => void;
}) {
  const t = useT();
  const when = useWhen();
  const [today] = useState(() => localDateOf(new Date()));
  const slots = useSlotsForLocalDay(doctor.id, draft.date, Boolean(draft.date), draft.consultationType);
  // A patch applies to the latest draft, not this render's: the slot a link asked for can arrive
  // between a render and the next keystroke, and a patch of a stale copy would drop it unseen.
  const set = (patch: Partial<BookingDraft>) => onChange((latest) => ({ ...latest, ...patch }));
  // Open on the first day the doctor has a free slot, so nobody has to guess a date to see times.
  const firstFree = useWeekSlots(doctor.id, doctor.timeZone).slots[0]?.startsAt;
  const firstFreeDay = firstFree ? localDateOf(firstFree) : null;
  useEffect(() => {
    // Only the first answer picks a day; the patient's own choice is never overwritten.
    if (firstFreeDay) onChange((latest) => (latest.date ? latest : { ...latest, date: firstFreeDay, slot: null }));
  }, [firstFreeDay, onChange]);
  const doctorName = `Dr. ${doctor.user.lastName}`;

  const handleContinue = () => {
    if (!draft.date || !draft.slot || !draft.reasonForVisit.trim()) {
      toast({
        title: t('booking.form.missing'),
        description: t('booking.form.missingText'),
        variant: 'destructive',
      });
      return;
    }
    onContinue();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle {...STEP_HEADING} className="outline-none">
          {t('booking.form.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-6"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            handleContinue();
          }}
        >
          <WhoFor value={draft.forFamilyMemberId} onChange={(forFamilyMemberId) => set({ forFamilyMemberId })} />
          <ConsultationTypePicker
            doctor={doctor}
            value={draft.consultationType}
            onChange={(consultationType) => set({ consultationType })}
          />
          <div className="max-w-xs">
            <Field
              label={t('booking.form.date')}
              hint={
                firstFree
                  ? t('booking.form.firstFree', { day: when.near(firstFree, new Date()) ?? when.shortDate(firstFree) })
                  : t('booking.form.earliest')
              }
            >
              {(p) => (
                <Input
                  {...p}
                  type="date"
                  min={today}
                  value={draft.date}
                  required
                  onChange={(e) =>
                    set({ date: e.target.value && e.target.value < today ? today : e.target.value, slot: null })
                  }
                />
              )}
            </Field>
          </div>
          {takenStart && !draft.slot && (
            <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('booking.form.taken', { time: when.slotTime(takenStart) })}
            </p>
          )}
          {draft.date && (
            <SlotPicker
              {...slots}
              doctorTimeZone={doctor.timeZone}
              doctorName={doctorName}
              kindLabel={t(TYPE_LABEL[draft.consultationType])}
              selected={draft.slot?.startsAt ?? null}
              onSelect={(slot) => set({ slot })}
            />
          )}
          <Field label={t('booking.form.reason')}>
            {(p) => (
              <Textarea
                {...p}
                required
                maxLength={1000}
                placeholder={t('booking.form.reasonPlaceholder')}
                value={draft.reasonForVisit}
                onChange={(e) => set({ reasonForVisit: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('booking.form.notes')}>
            {(p) => (
              <Textarea
                {...p}
                maxLength={2000}
                placeholder={t('booking.form.notesPlaceholder')}
                value={draft.additionalNotes}
                onChange={(e) => set({ additionalNotes: e.target.value })}
              />
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto">
              {t('booking.form.continue')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
