import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitNotesSchema, type VisitNotesBody } from '@common/schemas/visit-notes';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getVisitNotes = endpoint('GET', '/api/appointments/:id/visit-notes', visitNotesSchema);
const saveVisitNotes = endpoint('PUT', '/api/appointments/:id/visit-notes', visitNotesSchema);

export const visitNotesQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: queryKeys.visits.notes(appointmentId),
    queryFn: () => getVisitNotes.send({ params: { id: appointmentId } }),
  });

export function useVisitNotes(appointmentId: string) {
  return useQuery(visitNotesQuery(appointmentId));
}

export function useSaveVisitNotes(appointmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitNotesBody) => saveVisitNotes.send({ params: { id: appointmentId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.visits.notes(appointmentId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.visits.summary(appointmentId) });
    },
  });
}
