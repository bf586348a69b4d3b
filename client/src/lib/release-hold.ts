import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from './endpoint';
import { APPOINTMENT_VIEW_KEYS, queryKeys } from './query-keys';

const releaseHold = endpoint('POST', '/api/appointments/:id/release', () =>
  import('@common/schemas/appointments').then((m) => m.appointmentSchema),
);

/** My Appointments and the payment page both let the patient release an unpaid booking. */
export function useReleaseHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => releaseHold.send({ params: { id } }),
    onSuccess: () => {
      // The booking is gone from the lists, and its time is free again in every slot picker.
      for (const queryKey of [...APPOINTMENT_VIEW_KEYS, queryKeys.doctors.all]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

export const RELEASED_TOAST = {
  title: 'Hold Released',
  description: 'The time is free again. Nothing was charged.',
} as const;
