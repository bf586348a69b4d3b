// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_GREETING, QUICK_OPTIONS_MESSAGE, chooseAssistantReply } from '@common/rules/assistant-reply';
import { ASSISTANT_REPLY_DELAY_MS, ASSISTANT_SUGGESTIONS_DELAY_MS, useAssistantChat } from './use-assistant-chat';

const contents = (result: { current: ReturnType<typeof useAssistantChat> }) =>
  result.current.messages.map((m) => m.content);

function renderOpenChat() {
  const hook = renderHook(() => useAssistantChat());
  act(() => hook.result.current.open());
  return hook;
}

describe('useAssistantChat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('replies after 1 s and offers options 0.5 s later', () => {
    expect(ASSISTANT_REPLY_DELAY_MS).toBe(1000);
    expect(ASSISTANT_SUGGESTIONS_DELAY_MS).toBe(500);
  });

  it('starts closed and adds the greeting on the first open only', () => {
    const { result } = renderHook(() => useAssistantChat());
    expect(result.current.isOpen).toBe(false);
    expect(result.current.messages).toEqual([]);

    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.messages[0]).toMatchObject({ type: 'bot', content: ASSISTANT_GREETING });
    expect(result.current.messages[0].timestamp).toBeInstanceOf(Date);

    act(() => result.current.close());
    act(() => result.current.open());
    expect(contents(result)).toEqual([ASSISTANT_GREETING]);
  });

  it('minimizes and restores, and reopening after close is not minimized', () => {
    const { result } = renderOpenChat();
    act(() => result.current.minimize());
    expect(result.current.isMinimized).toBe(true);
    act(() => result.current.restore());
    expect(result.current.isMinimized).toBe(false);

    act(() => result.current.minimize());
    act(() => result.current.close());
    act(() => result.current.open());
    expect(result.current.isMinimized).toBe(false);
  });

  it('does not send blank or whitespace-only input', () => {
    const { result } = renderOpenChat();
    act(() => result.current.send());
    act(() => result.current.setInput('   \n '));
    expect(result.current.canSend).toBe(false);
    act(() => result.current.send());
    act(() => result.current.send('   '));
    act(() => vi.advanceTimersByTime(5000));

    expect(contents(result)).toEqual([ASSISTANT_GREETING]);
    expect(result.current.isTyping).toBe(false);
  });

  it('adds the trimmed user message, clears input and types for exactly 1 s before replying', () => {
    const { result } = renderOpenChat();
    act(() => result.current.setInput('  I have a headache  '));
    expect(result.current.canSend).toBe(true);
    act(() => result.current.send());

    expect(result.current.messages[1]).toMatchObject({ type: 'user', content: 'I have a headache' });
    expect(result.current.input).toBe('');
    expect(result.current.isTyping).toBe(true);

    act(() => vi.advanceTimersByTime(ASSISTANT_REPLY_DELAY_MS - 1));
    expect(result.current.isTyping).toBe(true);
    expect(result.current.messages).toHaveLength(2);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isTyping).toBe(false);
    expect(result.current.messages).toHaveLength(3);
    expect(result.current.messages[2]).toMatchObject({
      type: 'bot',
      content: chooseAssistantReply('I have a headache').reply,
    });
  });

  it('sends explicit text (quick actions) instead of the input', () => {
    const { result } = renderOpenChat();
    act(() => result.current.send('Find Doctors'));
    expect(result.current.messages[1]).toMatchObject({ type: 'user', content: 'Find Doctors' });
    act(() => vi.advanceTimersByTime(ASSISTANT_REPLY_DELAY_MS));
    expect(result.current.messages[2].content).toBe(chooseAssistantReply('Find Doctors').reply);
  });

  it('adds the quick options 0.5 s after the reply', () => {
    const { result } = renderOpenChat();
    act(() => result.current.send('How much does it cost?'));
    act(() => vi.advanceTimersByTime(ASSISTANT_REPLY_DELAY_MS));
    expect(result.current.messages).toHaveLength(3);

    act(() => vi.advanceTimersByTime(ASSISTANT_SUGGESTIONS_DELAY_MS - 1));
    expect(result.current.messages).toHaveLength(3);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.messages).toHaveLength(4);
    expect(result.current.messages[3]).toMatchObject({ type: 'bot', content: QUICK_OPTIONS_MESSAGE });

    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.messages).toHaveLength(4);
  });

  it('disables sending while typing, then allows it again', () => {
    const { result } = renderOpenChat();
    act(() => result.current.send('fever'));
    act(() => result.current.setInput('cough'));
    expect(result.current.canSend).toBe(false);

    act(() => result.current.send());
    act(() => result.current.send('chest pain'));
    expect(contents(result)).toEqual([ASSISTANT_GREETING, 'fever']);
    expect(result.current.input).toBe('cough');

    act(() => vi.advanceTimersByTime(ASSISTANT_REPLY_DELAY_MS));
    expect(result.current.canSend).toBe(true);
    act(() => result.current.send());
    expect(contents(result).at(-1)).toBe('cough');
  });

  it('ignores a second send in the same tick', () => {
    const { result } = renderOpenChat();
    act(() => {
      result.current.send('fever');
      result.current.send('cough');
    });
    expect(contents(result)).toEqual([ASSISTANT_GREETING, 'fever']);
  });

  it('gives messages unique ids', () => {
    const { result } = renderOpenChat();
    act(() => result.current.send('fever'));
    act(() => vi.advanceTimersByTime(ASSISTANT_REPLY_DELAY_MS + ASSISTANT_SUGGESTIONS_DELAY_MS));
    const ids = result.current.messages.map((m) => m.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('clears pending timers on unmount', () => {
    const { result, unmount } = renderOpenChat();
    act(() => result.current.send('fever'));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useAssistantChat with an emergency answer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const texts = {
    greeting: ASSISTANT_GREETING,
    quickOptions: QUICK_OPTIONS_MESSAGE,
    reply: (_topic: string, english: string) => english,
    emergency: (kind: string) => `call now (${kind})`,
  };

  it('answers an emergency at once, then the quick options', () => {
    const { result } = renderHook(() => useAssistantChat(texts));
    act(() => result.current.open());
    act(() => result.current.send('Tengo un dolor muy fuerte en el pecho'));
    expect(contents(result).at(-1)).toBe('call now (medical)');
    expect(result.current.isTyping).toBe(false);
    act(() => vi.advanceTimersByTime(ASSISTANT_SUGGESTIONS_DELAY_MS));
    expect(contents(result).at(-1)).toBe(QUICK_OPTIONS_MESSAGE);
  });

  it('reads the Emergency Info action and the words "emergency" and "urgent" as a request for the number', () => {
    const { result } = renderHook(() => useAssistantChat(texts));
    act(() => result.current.open());
    act(() => result.current.send('Información de emergencia', 'Emergency Info'));
    expect(contents(result).at(-1)).toBe('call now (info)');
    act(() => result.current.send('this is urgent'));
    expect(contents(result).at(-1)).toBe('call now (info)');
    act(() => result.current.send('pienso en el suicidio'));
    expect(contents(result).at(-1)).toBe('call now (suicide)');
  });

  it('keeps the usual pause for everything else', () => {
    const { result } = renderHook(() => useAssistantChat(texts));
    act(() => result.current.open());
    act(() => result.current.send('I have a headache'));
    expect(result.current.isTyping).toBe(true);
    act(() => vi.advanceTimersByTime(ASSISTANT_REPLY_DELAY_MS));
    expect(contents(result).at(-1)).toBe(chooseAssistantReply('I have a headache').reply);
  });
});
