import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@common/schemas/consultations';
import { addPending, emptyChat, lastMessageId, mergeMessages, newClientMessageId } from './chat-state';

const msg = (messageId: number, clientMessageId: string | null = null): ChatMessage => ({
  messageId,
  senderId: '00000000-0000-4000-8000-000000000001',
  senderName: 'Pat',
  message: `m${messageId}`,
  timestamp: new Date(0).toISOString(),
  clientMessageId,
});

describe('chat state', () => {
  it('keeps one copy per id in id order when live frames and history overlap', () => {
    let state = mergeMessages(emptyChat, [msg(3)]);
    state = mergeMessages(state, [msg(1), msg(2), msg(3)]);
    state = mergeMessages(state, [msg(2)]);
    expect(state.messages.map((m) => m.messageId)).toEqual([1, 2, 3]);
    expect(lastMessageId(state)).toBe(3);
  });

  it('clears a pending message when its stored copy arrives', () => {
    const id = newClientMessageId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    let state = addPending(emptyChat, { clientMessageId: id, message: 'hi' });
    state = mergeMessages(state, [msg(7, 'someone-else')]);
    expect(state.pending).toHaveLength(1);
    state = mergeMessages(state, [msg(8, id)]);
    expect(state.pending).toEqual([]);
  });

  it('returns the same state when nothing is new', () => {
    const state = mergeMessages(emptyChat, [msg(1)]);
    expect(mergeMessages(state, [msg(1)])).toBe(state);
  });
});
