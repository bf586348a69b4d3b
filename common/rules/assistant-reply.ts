import { foldForSearch } from '../i18n/fold';

export const ASSISTANT_GREETING =
  "Hi, I'm Medora Assistant! I can help you find doctors, understand your symptoms, book appointments, and answer general health questions. What can I do for you today?";

export const QUICK_ACTIONS = ['Find Doctors', 'Book Appointment', 'Emergency Info', 'Symptom Check'] as const;

export type QuickAction = (typeof QUICK_ACTIONS)[number];

export const QUICK_OPTIONS_MESSAGE = [
  'Quick options:',
  '• Find a doctor',
  '• Book an appointment',
  '• Payment questions',
  '• Emergency info',
].join('\n');

export type AssistantTopic =
  | 'headache'
  | 'fever'
  | 'chest-pain'
  | 'cough'
  | 'cardiologist'
  | 'dermatologist'
  | 'appointment'
  | 'payment'
  | 'emergency'
  | 'booking'
  | 'find-doctor'
  | 'pricing'
  | 'urgent'
  | 'general';

const REPLIES: Record<AssistantTopic, string> = {
  headache: [
    'Sorry to hear about your headache. Common triggers include stress, dehydration, poor sleep and eye strain.',
    'Drinking water and resting in a quiet, dark room often helps.',
    'If it is sudden and severe, keeps coming back, or comes with vision changes or a stiff neck, please see a doctor. A neurologist on Medora can help.',
  ].join(' '),
  fever: [
    'Normal body temperature is about 98.6°F, 100.4°F or more counts as a mild fever, and anything above 103°F is a high fever.',
    'Rest and plenty of fluids usually help.',
    'Please see a doctor if your temperature goes above 103°F or the fever lasts more than 3 days.',
  ].join(' '),
  'chest-pain': [
    'Chest pain can be a sign of a medical emergency.',
    'Please call your local emergency services (for example 911) now — do not wait for an online consultation.',
  ].join(' '),
  cough: [
    'Most coughs come from colds or other infections and clear up within a few weeks.',
    'A cough that lasts more than 8 weeks is considered chronic and should be checked by a doctor.',
    'Seek care sooner if you cough up blood or have trouble breathing.',
  ].join(' '),
  cardiologist: [
    'Cardiologists look after your heart and blood vessels.',
    'On Medora, a cardiology consultation costs about $150-200 on average.',
    'Search by the Cardiology specialty to compare doctors and book a time that suits you.',
  ].join(' '),
  dermatologist: [
    'Dermatologists treat conditions of the skin, hair and nails.',
    'On Medora, a dermatology consultation costs about $120-180 on average.',
    'Search by the Dermatology specialty to find one and book a slot.',
  ].join(' '),
  appointment: [
    'Booking an appointment takes just a few steps:',
    '• Search for doctors by specialty',
    '• Choose a doctor',
    '• Select a time slot',
    '• Pay for the consultation',
    '• Join the video consultation at your appointment time',
  ].join('\n'),
  payment: [
    'Payments are handled by a secure card payment provider, so your card details stay safe.',
    'Payment is required before your consultation takes place.',
  ].join(' '),
  emergency: [
    'Medora is for non-emergency consultations only.',
    'If you are facing a medical emergency, please call your local emergency services (for example 911) right away.',
  ].join(' '),
  booking: [
    "Here's how to book a consultation:",
    '• Search for doctors by specialty',
    '• Choose the doctor you like',
    '• Select an available time slot',
    '• Pay securely',
    '• Join the video consultation when it starts',
  ].join('\n'),
  'find-doctor': [
    'You can search our doctors by specialty, for example:',
    '• Cardiology',
    '• Dermatology',
    '• Neurology',
    '• Pediatrics',
    '• Internal Medicine',
    'Open Find Doctors to filter by specialty and location.',
  ].join('\n'),
  pricing: [
    'Each doctor sets their own consultation fee, and you will see it before you book.',
    'You pay by card through a secure payment provider, and payment is required before the consultation.',
  ].join(' '),
  urgent: [
    'For anything urgent or life-threatening, please call your local emergency services (for example 911) now.',
    'Medora is meant for non-emergency consultations only.',
  ].join(' '),
  general: [
    "I'm here to help! You can ask me about symptoms, finding a doctor, booking an appointment or payments.",
    'For a proper diagnosis, please consult one of our doctors.',
  ].join(' '),
};

type Rule = { topic: AssistantTopic; matches: (text: string) => boolean };

/** A keyword anywhere in the folded input (Arabic joins its articles and prepositions to the word). */
const has = (word: string) => {
  const folded = foldForSearch(word);
  return (text: string) => text.includes(folded);
};
/** A whole Spanish word or phrase, so "tos" is not found in "datos" nor "cita" in "necesita". */
const word = (phrase: string) => {
  const pattern = new RegExp(`(^|[^\\p{L}\\d])${foldForSearch(phrase)}([^\\p{L}\\d]|$)`, 'u');
  return (text: string) => pattern.test(text);
};
const any =
  (...tests: ((text: string) => boolean)[]) =>
  (text: string) =>
    tests.some((test) => test(text));

// The rules keep the product's published order; some later rules are shadowed by earlier single-word
// rules ('appointment', 'payment', 'emergency') but stay so the behaviour matches the published order.
// Each also knows the words a Spanish or Arabic reader types (the widget speaks their language).
const RULES: readonly Rule[] = [
  { topic: 'headache', matches: any(has('headache'), word('dolor de cabeza'), has('صداع')) },
  { topic: 'fever', matches: any(has('fever'), word('fiebre'), has('حمى')) },
  {
    topic: 'chest-pain',
    matches: any(
      has('chest pain'),
      word('dolor de pecho'),
      word('dolor en el pecho'),
      has('ألم في الصدر'),
      has('ألم الصدر'),
    ),
  },
  { topic: 'cough', matches: any(has('cough'), word('tos'), has('سعال'), has('كحة')) },
  {
    topic: 'cardiologist',
    matches: any(has('cardiologist'), word('cardiólogo'), word('cardióloga'), has('طبيب قلب'), has('طبيب القلب')),
  },
  {
    topic: 'dermatologist',
    matches: any(has('dermatologist'), word('dermatólogo'), word('dermatóloga'), has('جلدية')),
  },
  { topic: 'appointment', matches: any(has('appointment'), word('cita'), word('citas'), has('موعد'), has('مواعيد')) },
  { topic: 'payment', matches: any(has('payment'), word('pago'), word('pagar'), has('دفع')) },
  { topic: 'emergency', matches: any(has('emergency'), word('emergencia'), has('طوارئ')) },
  {
    topic: 'booking',
    matches: any(...['book', 'appointment', 'schedule'].map(has), word('reservar'), has('حجز'), has('احجز')),
  },
  {
    topic: 'find-doctor',
    matches: any(
      (t) => t.includes('find') && t.includes('doctor'),
      (t) => word('buscar')(t) && (has('médico')(t) || has('médica')(t)),
      (t) => has('ابحث')(t) && has('طبيب')(t),
    ),
  },
  {
    topic: 'pricing',
    matches: any(...['pay', 'cost', 'price'].map(has), word('precio'), word('cuesta'), has('سعر'), has('تكلفة')),
  },
  {
    topic: 'urgent',
    matches: any(...['emergency', 'urgent', '911'].map(has), word('urgente'), word('urgencia'), has('عاجل')),
  },
];

/** The first matching keyword rule on the folded input (case, accents, Arabic letter forms) wins. */
export function chooseAssistantReply(input: string): { topic: AssistantTopic; reply: string } {
  const text = foldForSearch(input);
  const topic = RULES.find((rule) => rule.matches(text))?.topic ?? 'general';
  return { topic, reply: REPLIES[topic] };
}
