import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitNotes, VisitNotesBody } from '@common/schemas/visit-notes';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useVisitNotes(appointmentId: string) {
  return useQuery<VisitNotes>({ queryKey: queryKeys.visits.notes(appointmentId) });
}

export function useSaveVisitNotes(appointmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitNotesBody) =>
      apiRequest<VisitNotes>('PUT', `/api/appointments/${appointmentId}/visit-notes`, body),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.visits.notes(appointmentId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.visits.summary(appointmentId) });
    },
  });
}
