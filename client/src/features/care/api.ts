import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  conversationListSchema,
  conversationSchema,
  messagePageSchema,
  messageSchema,
  readMarkerSchema,
  replyPromiseSchema,
  type ReplyPromise,
  type Message,
  type MessagePage,
} from '@common/schemas/conversations';
import { recordAccessListSchema } from '@common/schemas/patient-profile';
import {
  documentListSchema,
  documentOpenListSchema,
  documentSchema,
  documentSharesSchema,
} from '@common/schemas/documents';
import { endpoint, formEndpoint, noContentEndpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const listConversations = endpoint('GET', '/api/conversations', conversationListSchema);
const readPage = endpoint('GET', '/api/conversations/:id/messages', messagePageSchema);
const sendMessage = endpoint('POST', '/api/conversations/:id/messages', messageSchema);
const markRead = endpoint('POST', '/api/conversations/:id/read', readMarkerSchema);
const closeConversation = endpoint('POST', '/api/conversations/:id/close', conversationSchema);
const reopenConversation = endpoint('POST', '/api/conversations/:id/reopen', conversationSchema);
const readReplyPromise = endpoint('GET', '/api/doctor/reply-promise', replyPromiseSchema);
const writeReplyPromise = endpoint('PUT', '/api/doctor/reply-promise', replyPromiseSchema);
const listDocuments = endpoint('GET', '/api/documents', documentListSchema);
const uploadDocument = formEndpoint('POST', '/api/documents', documentSchema);
const shareDocument = endpoint('POST', '/api/documents/:id/shares', documentSharesSchema);
const unshareDocument = endpoint('DELETE', '/api/documents/:id/shares/:doctorId', documentSharesSchema);
const readDocumentOpens = endpoint('GET', '/api/documents/:id/opens', documentOpenListSchema);
const deleteDocument = noContentEndpoint('DELETE', '/api/documents/:id');
const readAccessLog = endpoint('GET', '/api/patients/profile/access-log', recordAccessListSchema);

/** The path a document downloads from (an attachment; the browser saves it). */
export const documentDownloadPath = (id: string) => `/api/documents/${encodeURIComponent(id)}`;

export const conversationsQuery = queryOptions({
  queryKey: queryKeys.conversations.all,
  queryFn: () => listConversations.send(),
  refetchInterval: 30_000,
});

export const documentsQuery = queryOptions({
  queryKey: queryKeys.documents,
  queryFn: () => listDocuments.send(),
});

/** Who opened one of the patient's documents (its downloads by others), newest first. */
export const documentOpensQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.documentOpens(id),
    queryFn: () => readDocumentOpens.send({ params: { id } }),
  });
export const useDocumentOpens = (id: string, enabled: boolean) => useQuery({ ...documentOpensQuery(id), enabled });

/** The patient's record-access log (the profile shows it whole; My Documents its document reads). */
export const accessLogQuery = queryOptions({
  queryKey: queryKeys.patientProfile.accessLog,
  queryFn: () => readAccessLog.send(),
});
export const useAccessLog = () => useQuery(accessLogQuery);

export const useConversations = () => useQuery(conversationsQuery);
export const useDocuments = (enabled = true) => useQuery({ ...documentsQuery, enabled });

/** Pages of one conversation, the newest first as fetched; each next page reaches further back. */
export const messagePagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.messages(id),
    queryFn: ({ pageParam }: { pageParam: number | undefined }) =>
      readPage.send({ params: { id }, query: { before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: MessagePage) => page.nextBefore ?? undefined,
  });

export { useOpenConversation } from '../../lib/open-conversation';

/** The doctor closes a conversation, or either party reopens one (the server says whether they may). */
export function useConversationStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'close' | 'reopen') =>
      (change === 'close' ? closeConversation : reopenConversation).send({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.conversations.all, exact: true }),
  });
}

/** The doctor's "usually answers within N working days", null for none. */
export const replyPromiseQuery = queryOptions({
  queryKey: queryKeys.conversations.replyPromise,
  queryFn: () => readReplyPromise.send(),
});
export const useReplyPromise = () => useQuery(replyPromiseQuery);

export function useSetReplyPromise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyPromise) => writeReplyPromise.send({ body }),
    onSuccess: (saved) => client.setQueryData(queryKeys.conversations.replyPromise, saved),
  });
}

export function useSendMessage(id: string) {
  return useMutation({
    mutationFn: (body: { body: string; documentIds?: string[] }) => sendMessage.send({ params: { id }, body }),
  });
}

export function useMarkRead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markRead.send({ params: { id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.conversations.unread }),
        client.invalidateQueries({ queryKey: queryKeys.conversations.all, exact: true }),
      ]),
  });
}

function useDocumentsChange<T, R>(mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.documents }) });
}

/**
 * A patient's own upload (filed in a family member's record with `familyMemberId`), or a doctor's
 * to a patient of theirs (`patientId`).
 */
export const useUploadDocument = () =>
  useDocumentsChange((input: { file: File; title?: string; patientId?: string; familyMemberId?: string }) => {
    const form = new FormData();
    if (input.title) form.append('title', input.title);
    if (input.patientId) form.append('patientId', input.patientId);
    if (input.familyMemberId) form.append('familyMemberId', input.familyMemberId);
    form.append('file', input.file);
    return uploadDocument.send(form);
  });
export const useShareDocument = () =>
  useDocumentsChange((input: { id: string; doctorId: string }) =>
    shareDocument.send({ params: { id: input.id }, body: { doctorId: input.doctorId } }),
  );
export const useUnshareDocument = () =>
  useDocumentsChange((input: { id: string; doctorId: string }) => unshareDocument.send({ params: input }));
export const useDeleteDocument = () => useDocumentsChange((id: string) => deleteDocument.send({ params: { id } }));

/** A message once, in id order: a live copy and a fetched page may both carry it. */
export function mergeMessages(...lists: Message[][]): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const liveFrameSchema = z.object({ type: z.literal('conversation_message'), message: messageSchema });
