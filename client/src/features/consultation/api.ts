import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consultation, UpcomingConsultation } from '@common/schemas/consultations';
import type { ClientMessageKey } from '@common/i18n/keys';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../ui/toast-store';

const useT = textsFor('room');

const WAITING_POLL_MS = 5000;

/** Re-fetched every 5 s while waiting for the doctor. The clock offset keeps the timer honest. */
export function useConsultation(id: string) {
  return useQuery<Consultation & { receivedAt: number }>({
    queryKey: queryKeys.consultations.one(id),
    queryFn: async () => ({
      ...(await apiRequest<Consultation>('GET', `/api/consultations/${id}`)),
      receivedAt: Date.now(),
    }),
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? WAITING_POLL_MS : false),
  });
}

export function useUpcomingConsultations() {
  return useQuery<UpcomingConsultation[]>({ queryKey: queryKeys.consultations.upcoming });
}

function useTransition(id: string, action: 'start' | 'end', fallback: ClientMessageKey) {
  const t = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Consultation>('POST', `/api/consultations/${id}/${action}`),
    onSuccess: (data) => client.setQueryData(queryKeys.consultations.one(id), { ...data, receivedAt: Date.now() }),
    onError: (error) => {
      void client.invalidateQueries({ queryKey: queryKeys.consultations.one(id) });
      // The other side ended it a moment earlier: the live event says so, no error to show.
      if (action === 'end' && error instanceof ApiError && error.status === 409) return;
      toast({ title: t('room.toast.error'), description: errorMessage(error, t(fallback)), variant: 'destructive' });
    },
  });
}

export const useStartConsultation = (id: string) => useTransition(id, 'start', 'room.toast.startFailed');
export const useEndConsultation = (id: string) => useTransition(id, 'end', 'room.toast.endFailed');
