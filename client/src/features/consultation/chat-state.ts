import type { ChatMessage } from '@common/schemas/consultations';

/** A message the user sent that the server has not echoed back with its stored id yet. */
export type PendingMessage = { clientMessageId: string; message: string };

export type ChatState = { messages: ChatMessage[]; pending: PendingMessage[] };

export const emptyChat: ChatState = { messages: [], pending: [] };

/**
 * Merges messages from live frames and resume history: one copy per stored id, in id order, and a
 * pending message disappears once its stored copy is here. Live and history frames may overlap.
 */
export function mergeMessages(state: ChatState, incoming: ChatMessage[]): ChatState {
  if (incoming.length === 0) return state;
  const byId = new Map(state.messages.map((m) => [m.messageId, m]));
  let changed = false;
  for (const m of incoming) {
    if (!byId.has(m.messageId)) {
      byId.set(m.messageId, m);
      changed = true;
    }
  }
  const echoed = new Set(incoming.map((m) => m.clientMessageId).filter(Boolean));
  const pending = state.pending.filter((p) => !echoed.has(p.clientMessageId));
  if (!changed && pending.length === state.pending.length) return state;
  const messages = changed ? [...byId.values()].sort((a, b) => a.messageId - b.messageId) : state.messages;
  return { messages, pending };
}

export const addPending = (state: ChatState, pending: PendingMessage): ChatState => ({
  ...state,
  pending: [...state.pending, pending],
});

export const dropPending = (state: ChatState, clientMessageId: string): ChatState => ({
  ...state,
  pending: state.pending.filter((p) => p.clientMessageId !== clientMessageId),
});

export const lastMessageId = (state: ChatState): number => state.messages.at(-1)?.messageId ?? 0;

/** crypto.randomUUID needs a secure context; getRandomValues does not. */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
