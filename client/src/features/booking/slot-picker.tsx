import { Clock } from 'lucide-react';
import { localTimeZone, zoneName } from '@common/rules/display-time';
import { Skeleton } from '../../ui/spinner';
import { TimeSlotGrid } from '../../ui/time-slot-grid';
import { VisitLengthNote } from '../../ui/visit-length-note';
import type { PickableSlot } from './api';

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
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Time</legend>
      <p className="flex items-start gap-1.5 text-xs text-muted">
        <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>
          Times are shown in your time zone, {zoneName(here)}. {doctorName} works in {zoneName(doctorTimeZone)}.
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
          Available times could not be loaded. Please try again.
        </p>
      ) : slots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">
          No times on this day. Please choose another date.
        </p>
      ) : (
        <TimeSlotGrid
          label="Available times"
          slots={slots}
          otherTimeZone={doctorTimeZone}
          selected={selected}
          onSelect={onSelect}
        />
      )}
    </fieldset>
  );
}
