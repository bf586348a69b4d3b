import { describe, expect, it } from 'vitest';
import { emergencyKindOf } from './detect';

describe('emergencyKindOf', () => {
  it.each([
    // chest pain
    ['I have chest pain and my left arm hurts', 'medical'],
    ['Tengo un dolor en el pecho muy fuerte', 'medical'],
    ['أشعر بألم في الصدر', 'medical'],
    ['عندي الم في الصدر', 'medical'],
    ['A crushing pressure in my chest', 'medical'],
    ['Tengo un dolor muy fuerte en el pecho', 'medical'],
    ['أشعر بألم شديد في الصدر', 'medical'],
    // stroke signs
    ['My father’s face is drooping and he has slurred speech', 'medical'],
    ['Creo que mi madre tiene un ictus', 'medical'],
    ['Mi abuelo tiene la cara caída', 'medical'],
    ['أعتقد أن أمي أصيبت بسكتة دماغية', 'medical'],
    // severe bleeding
    ["The cut won't stop bleeding", 'medical'],
    ['Mi hijo no para de sangrar', 'medical'],
    ['هناك نزيف حاد', 'medical'],
    // breathing
    ['He can’t breathe', 'medical'],
    ['No puedo respirar', 'medical'],
    ['لا أستطيع التنفس', 'medical'],
    // suicide, ahead of anything else in the message
    ['I have been thinking about suicide', 'suicide'],
    ['I want to kill myself', 'suicide'],
    ['I want to end my life, and I have chest pain', 'suicide'],
    ['Pienso en el suicidio', 'suicide'],
    ['Quiero quitarme la vida', 'suicide'],
    ['أفكر في الانتحار', 'suicide'],
    ['أريد أن أموت', 'suicide'],
  ])('%s → %s', (message, kind) => {
    expect(emergencyKindOf(message)).toBe(kind);
  });

  it.each([
    'I have a headache',
    'How much does a cardiologist cost?',
    'Tengo tos seca',
    '¿Qué datos necesita?',
    'أعاني من صداع شديد',
    'Quiero reservar una cita',
    'a small nosebleed',
    'my chest x-ray results',
    'أريد معرفة سعر الاستشارة في العالم',
  ])('%s is not an emergency', (message) => {
    expect(emergencyKindOf(message)).toBeNull();
  });
});
