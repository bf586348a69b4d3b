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

const has = (word: string) => (text: string) => text.includes(word);

// The rules keep the product's published order; some later rules are shadowed by earlier single-word
// rules ('appointment', 'payment', 'emergency') but stay so the behaviour matches the published order.
const RULES: readonly Rule[] = [
  { topic: 'headache', matches: has('headache') },
  { topic: 'fever', matches: has('fever') },
  { topic: 'chest-pain', matches: has('chest pain') },
  { topic: 'cough', matches: has('cough') },
  { topic: 'cardiologist', matches: has('cardiologist') },
  { topic: 'dermatologist', matches: has('dermatologist') },
  { topic: 'appointment', matches: has('appointment') },
  { topic: 'payment', matches: has('payment') },
  { topic: 'emergency', matches: has('emergency') },
  { topic: 'booking', matches: (t) => ['book', 'appointment', 'schedule'].some((w) => t.includes(w)) },
  { topic: 'find-doctor', matches: (t) => t.includes('find') && t.includes('doctor') },
  { topic: 'pricing', matches: (t) => ['pay', 'cost', 'price'].some((w) => t.includes(w)) },
  { topic: 'urgent', matches: (t) => ['emergency', 'urgent', '911'].some((w) => t.includes(w)) },
];

/** The first matching keyword rule on the lowercased input wins. */
export function chooseAssistantReply(input: string): { topic: AssistantTopic; reply: string } {
  const text = input.toLowerCase();
  const topic = RULES.find((rule) => rule.matches(text))?.topic ?? 'general';
  return { topic, reply: REPLIES[topic] };
}
