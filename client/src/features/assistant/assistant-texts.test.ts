import { describe, expect, it } from 'vitest';
import { ASSISTANT_GREETING, QUICK_OPTIONS_MESSAGE, chooseAssistantReply } from '@common/rules/assistant-reply';
import english from '../../../../common/i18n/en/screens/assistant.json';
import spanish from '../../../../common/i18n/es/screens/assistant.json';
import arabic from '../../../../common/i18n/ar/screens/assistant.json';

// The replies are chosen by English keywords (common/rules/assistant-reply.ts) and said from the catalogue.
const QUESTIONS = [
  'headache',
  'fever',
  'chest pain',
  'cough',
  'cardiologist',
  'dermatologist',
  'appointment',
  'payment',
  'emergency',
  'book',
  'find a doctor',
  'price',
  'urgent',
  'hello',
];

describe('the assistant’s texts', () => {
  it('say in English exactly what the rules module says, topic by topic', () => {
    expect(english['assistant.greeting']).toBe(ASSISTANT_GREETING);
    expect(english['assistant.quickOptions']).toBe(QUICK_OPTIONS_MESSAGE);
    for (const question of QUESTIONS) {
      const { topic, reply } = chooseAssistantReply(question);
      expect(english[`assistant.reply.${topic}` as keyof typeof english]).toBe(reply);
    }
  });

  it('have every reply in Spanish and Arabic, as many lines as the English', () => {
    for (const question of QUESTIONS) {
      const key = `assistant.reply.${chooseAssistantReply(question).topic}` as keyof typeof english;
      expect(spanish[key].split('\n')).toHaveLength(english[key].split('\n').length);
      expect(arabic[key].split('\n')).toHaveLength(english[key].split('\n').length);
    }
  });
});
