import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consultationSchema, upcomingConsultationListSchema } from '@common/schemas/consultations';
import type { ClientMessageKey } from '@common/i18n/keys';
import { ApiError, errorMessage } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';
import { textsFor } from '../../lib/i18n/areas';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../ui/toast-store';

const useT = textsFor('room');

const getConsultation = endpoint('GET', '/api/consultations/:id', consultationSchema);
const getUpcoming = endpoint('GET', '/api/consultations', upcomingConsultationListSchema);
const transitions = {
  start: endpoint('POST', '/api/consultations/:id/start', consultationSchema),
  end: endpoint('POST', '/api/consultations/:id/end', consultationSchema),
};

const WAITING_POLL_MS = 5000;

/** Re-fetched every 5 s while waiting for the doctor. The clock offset keeps the timer honest. */
export const consultationQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.consultations.one(id),
    queryFn: async () => ({ ...(await getConsultation.send({ params: { id } })), receivedAt: Date.now() }),
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? WAITING_POLL_MS : false),
  });

export const upcomingConsultationsQuery = queryOptions({
  queryKey: queryKeys.consultations.upcoming,
  queryFn: () => getUpcoming.send(),
});

export function useConsultation(id: string) {
  return useQuery(consultationQuery(id));
}

export function useUpcomingConsultations() {
  return useQuery(upcomingConsultationsQuery);
}

function useTransition(id: string, action: 'start' | 'end', fallback: ClientMessageKey) {
  const t = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => transitions[action].send({ params: { id } }),
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
