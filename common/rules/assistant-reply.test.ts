import { describe, it, expect } from 'vitest';
import {
  ASSISTANT_GREETING,
  QUICK_ACTIONS,
  QUICK_OPTIONS_MESSAGE,
  chooseAssistantReply,
  type AssistantTopic,
} from './assistant-reply';

const topicOf = (input: string): AssistantTopic => chooseAssistantReply(input).topic;

describe('assistant constants', () => {
  it('greets as Medora Assistant and lists what it can help with', () => {
    expect(ASSISTANT_GREETING).toContain('Medora Assistant');
    for (const part of ['find doctors', 'symptoms', 'book appointments', 'general health questions']) {
      expect(ASSISTANT_GREETING.toLowerCase()).toContain(part);
    }
  });

  it('has the four quick actions in order', () => {
    expect(QUICK_ACTIONS).toEqual(['Find Doctors', 'Book Appointment', 'Emergency Info', 'Symptom Check']);
  });

  it('starts the suggestions message with "Quick options:"', () => {
    expect(QUICK_OPTIONS_MESSAGE.startsWith('Quick options:')).toBe(true);
    expect(QUICK_OPTIONS_MESSAGE).toContain('• Find a doctor');
  });
});

describe('chooseAssistantReply', () => {
  it('headache', () => {
    expect(topicOf('I have a bad headache')).toBe('headache');
  });

  it('fever, with the temperature thresholds', () => {
    const { topic, reply } = chooseAssistantReply('I think I have a fever');
    expect(topic).toBe('fever');
    for (const part of ['98.6°F', '100.4°F', '103°F', '3 days']) expect(reply).toContain(part);
  });

  it('chest pain tells the user to call emergency services now', () => {
    const { topic, reply } = chooseAssistantReply('sharp chest pain');
    expect(topic).toBe('chest-pain');
    expect(reply).toMatch(/call .*emergency services.* now/i);
  });

  it('cough mentions the 8-week chronic threshold', () => {
    const { topic, reply } = chooseAssistantReply('dry cough for a while');
    expect(topic).toBe('cough');
    expect(reply).toContain('8 weeks');
  });

  it('cardiologist quotes $150-200', () => {
    const { topic, reply } = chooseAssistantReply('Do you have a cardiologist?');
    expect(topic).toBe('cardiologist');
    expect(reply).toContain('$150-200');
  });

  it('dermatologist quotes $120-180', () => {
    const { topic, reply } = chooseAssistantReply('looking for a dermatologist');
    expect(topic).toBe('dermatologist');
    expect(reply).toContain('$120-180');
  });

  it('appointment describes the booking flow', () => {
    const { topic, reply } = chooseAssistantReply('How does an appointment work?');
    expect(topic).toBe('appointment');
    for (const part of ['specialty', 'doctor', 'time slot', 'Pay', 'video consultation']) expect(reply).toContain(part);
  });

  it('payment mentions the card provider and paying before the consultation', () => {
    const { topic, reply } = chooseAssistantReply('payment methods?');
    expect(topic).toBe('payment');
    expect(reply).toMatch(/card payment provider/);
    expect(reply).toMatch(/before your consultation/);
  });

  it('emergency says the service is non-emergency only', () => {
    const { topic, reply } = chooseAssistantReply('this is an emergency');
    expect(topic).toBe('emergency');
    expect(reply).toContain('non-emergency');
    expect(reply).toContain('911');
  });

  it('book / schedule lead to the booking flow', () => {
    expect(topicOf('I want to book a visit')).toBe('booking');
    expect(topicOf('can I schedule something')).toBe('booking');
  });

  it('find + doctor lists the specialties', () => {
    const { topic, reply } = chooseAssistantReply('help me find a doctor');
    expect(topic).toBe('find-doctor');
    for (const s of ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Internal Medicine']) {
      expect(reply).toContain(s);
    }
  });

  it('needs both find and doctor for the find-doctor topic', () => {
    expect(topicOf('find something')).toBe('general');
    expect(topicOf('is the doctor nice')).toBe('general');
  });

  it('pay / cost / price lead to pricing', () => {
    expect(topicOf('how do I pay')).toBe('pricing');
    expect(topicOf('what does it cost')).toBe('pricing');
    expect(topicOf('price list')).toBe('pricing');
  });

  it('urgent / 911 lead to the urgent topic', () => {
    expect(topicOf('this is urgent')).toBe('urgent');
    expect(topicOf('should I call 911')).toBe('urgent');
  });

  it('falls back to general help', () => {
    const { topic, reply } = chooseAssistantReply('hello there');
    expect(topic).toBe('general');
    expect(reply.length).toBeGreaterThan(0);
  });

  it('is case-insensitive', () => {
    expect(topicOf('HEADACHE')).toBe('headache');
    expect(topicOf('Chest Pain')).toBe('chest-pain');
    expect(topicOf('FIND A DOCTOR')).toBe('find-doctor');
  });

  describe('order precedence', () => {
    it.each<[string, AssistantTopic]>([
      ['headache and fever', 'headache'],
      ['fever with chest pain', 'fever'],
      ['I need a cardiologist appointment', 'cardiologist'],
      ['dermatologist payment', 'dermatologist'],
      ['book an appointment', 'appointment'],
      ['emergency payment', 'payment'],
      ['urgent emergency', 'emergency'],
      ['book a doctor to find', 'booking'],
      ['find a doctor and the price', 'find-doctor'],
      ['urgent: what does it cost', 'pricing'],
    ])('%s → %s', (input, topic) => {
      expect(topicOf(input)).toBe(topic);
    });
  });

  it('quick-action labels resolve to sensible topics', () => {
    expect(QUICK_ACTIONS.map(topicOf)).toEqual(['find-doctor', 'appointment', 'emergency', 'general']);
  });
});

describe('chooseAssistantReply in Spanish and Arabic', () => {
  it.each([
    ['Tengo dolor de cabeza desde ayer', 'headache'],
    ['Creo que tengo FIEBRE', 'fever'],
    ['Siento un dolor en el pecho', 'chest-pain'],
    ['Tengo tos seca', 'cough'],
    ['¿Hay algún cardiologo?', 'cardiologist'],
    ['Quiero reservar', 'booking'],
    ['¿Cuánto cuesta?', 'pricing'],
    ['Quiero buscar un médico', 'find-doctor'],
    ['أعاني من صداع شديد', 'headache'],
    ['عندي حمّى', 'fever'],
    ['ألم في الصدر', 'chest-pain'],
    ['كيف أحجز موعدا؟', 'appointment'],
    ['حالة طوارئ', 'emergency'],
  ])('%s → %s', (input, topic) => expect(topicOf(input)).toBe(topic));

  it('matches Spanish short words only as whole words', () => {
    // "datos" holds "tos" and "necesita" holds "cita": neither is a cough or an appointment.
    expect(topicOf('¿Qué datos necesita?')).toBe('general');
  });
});
