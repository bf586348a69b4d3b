import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationSchema } from '@common/schemas/conversations';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

const openConversation = endpoint('POST', '/api/conversations', conversationSchema);

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
