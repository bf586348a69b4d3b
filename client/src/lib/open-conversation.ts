import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

// The schema (zod) is loaded with the first use: lib/ is in the first load's shared chunk.
const openConversation = endpoint('POST', '/api/conversations', () =>
  import('@common/schemas/conversations').then((m) => m.conversationSchema),
);

/**
 * Opens the conversation with a doctor (a patient) or a patient (a doctor), or finds the one that
 * exists: Messages and the doctor's Patient Visits both start one. The server decides who may.
 */
export function useOpenConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { doctorId: string } | { patientId: string }) => openConversation.send({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
