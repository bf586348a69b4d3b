import { Clock } from 'lucide-react';
import { localTimeZone } from '@common/rules/display-time';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Skeleton } from '../../ui/spinner';
import { TimeSlotGrid } from '../../ui/time-slot-grid';
import { VisitLengthNote } from '../../ui/visit-length-note';
import type { PickableSlot } from './api';

const useT = textsFor('booking');

type Props = {
  slots: PickableSlot[];
  isPending: boolean;
  isError: boolean;
  doctorTimeZone: string;
  doctorName: string;
  /** The chosen kind of visit, as the slots' length is named: "Video Call". */
  kindLabel: string;
  selected: string | null;
  onSelect: (slot: PickableSlot) => void;
};

/** The doctor's free slots shown in the patient's zone; the doctor's own time is named when it differs. */
export function SlotPicker({
  slots,
  isPending,
  isError,
  doctorTimeZone,
  doctorName,
  kindLabel,
  selected,
  onSelect,
}: Props) {
  const here = localTimeZone();
  const t = useT();
  const when = useWhen();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{t('booking.form.time')}</legend>
      <p className="flex items-start gap-1.5 text-xs text-muted">
        <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>
          {t('booking.form.zones', {
            here: when.zoneName(here),
            doctor: doctorName,
            there: when.zoneName(doctorTimeZone),
          })}
        </span>
      </p>
      <VisitLengthNote minutes={slots[0]?.minutes} kind={kindLabel} />
      {isPending ? (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-hidden>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('booking.form.slotsFailed')}
        </p>
      ) : slots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">
          {t('booking.form.noSlots')}
        </p>
      ) : (
        <TimeSlotGrid
          label={t('booking.form.available')}
          slots={slots}
          otherTimeZone={doctorTimeZone}
          selected={selected}
          onSelect={onSelect}
        />
      )}
    </fieldset>
  );
}
