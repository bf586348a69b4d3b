import { foldForSearch } from '../i18n/fold';

/**
 * What an emergency message is about: thoughts of suicide (the crisis line joins the emergency
 * number), or a body in danger (chest pain, stroke signs, severe bleeding, not breathing).
 */
export type EmergencyKind = 'suicide' | 'medical';

// Phrases as people type them; folded like the input, so accents, case and Arabic hamza forms do not matter.
const SUICIDE = [
  // English
  'suicide',
  'suicidal',
  'kill myself',
  'end my life',
  'take my own life',
  'want to die',
  'wanna die',
  'better off dead',
  'hurt myself',
  'self harm',
  'self-harm',
  // Spanish
  'suicidio',
  'suicidarme',
  'suicida',
  'matarme',
  'quitarme la vida',
  'acabar con mi vida',
  'quiero morir',
  'no quiero vivir',
  'hacerme daño',
  // Arabic
  'انتحار',
  'انتحر',
  'أقتل نفسي',
  'قتل نفسي',
  'أنهي حياتي',
  'إنهاء حياتي',
  'أريد أن أموت',
  'أريد الموت',
  'لا أريد أن أعيش',
  'أؤذي نفسي',
];

const MEDICAL = [
  // English: chest, stroke signs, bleeding, breathing
  'chest pain',
  'pain in my chest',
  'chest hurts',
  'chest tightness',
  'tight chest',
  'heart attack',
  'stroke',
  'face drooping',
  'face is drooping',
  'slurred speech',
  'slurring',
  'numb on one side',
  'one side of my body',
  'one side of my face',
  'heavy bleeding',
  'severe bleeding',
  'bleeding heavily',
  'bleeding badly',
  'bleeding a lot',
  "won't stop bleeding",
  'wont stop bleeding',
  'lot of blood',
  'hemorrhage',
  'haemorrhage',
  "can't breathe",
  'cannot breathe',
  'not breathing',
  'unconscious',
  'overdose',
  // Spanish
  'dolor de pecho',
  'dolor en el pecho',
  'me duele el pecho',
  'infarto',
  'ataque al corazón',
  'ataque cardiaco',
  'derrame cerebral',
  'accidente cerebrovascular',
  'cara caída',
  'cara torcida',
  'habla arrastrada',
  'hemorragia',
  'sangrado abundante',
  'sangrado fuerte',
  'sangra mucho',
  'sangrando mucho',
  'no para de sangrar',
  'no deja de sangrar',
  'mucha sangre',
  'no puedo respirar',
  'no respira',
  'inconsciente',
  'sobredosis',
  // Arabic
  'ألم في الصدر',
  'ألم الصدر',
  'ألم بالصدر',
  'وجع في الصدر',
  'نوبة قلبية',
  'أزمة قلبية',
  'سكتة دماغية',
  'جلطة دماغية',
  'جلطة في الدماغ',
  'تدلي الوجه',
  'صعوبة في الكلام',
  'نزيف حاد',
  'نزيف شديد',
  'نزيف قوي',
  'نزيف لا يتوقف',
  'ينزف بشدة',
  'تنزف بشدة',
  'أنزف بشدة',
  'دم كثير',
  'لا أستطيع التنفس',
  'لا يتنفس',
  'فاقد الوعي',
  'مغمى عليه',
  'جرعة زائدة',
];

/** Short words matched whole, so they are not found inside longer ones. */
const MEDICAL_WORDS = ['ictus'];

/** A body part and a word of pain anywhere in one message ("a sharp, crushing pain in my chest"). */
const PAIRS: readonly [readonly string[], readonly string[]][] = [
  [['chest'], ['pain', 'hurt', 'tight', 'pressure', 'crushing']],
  [['pecho'], ['dolor', 'duele', 'presión', 'opresión']],
  [['صدر'], ['ألم', 'وجع', 'ضيق']],
];

const fold = (text: string) => foldForSearch(text.replace(/[\u2018\u2019]/g, "'"));
const SUICIDE_FOLDED = SUICIDE.map(fold);
const MEDICAL_FOLDED = MEDICAL.map(fold);
const PAIRS_FOLDED = PAIRS.map(([parts, pains]) => [parts.map(fold), pains.map(fold)] as const);
const MEDICAL_PATTERNS = MEDICAL_WORDS.map((w) => new RegExp(`(^|[^\\p{L}\\d])${fold(w)}([^\\p{L}\\d]|$)`, 'u'));

/** The emergency a message reads as, suicide first (its reply adds the crisis line); none for anything else. */
export function emergencyKindOf(message: string): EmergencyKind | null {
  const text = fold(message);
  if (SUICIDE_FOLDED.some((phrase) => text.includes(phrase))) return 'suicide';
  if (MEDICAL_FOLDED.some((phrase) => text.includes(phrase))) return 'medical';
  if (MEDICAL_PATTERNS.some((pattern) => pattern.test(text))) return 'medical';
  const hasAny = (words: readonly string[]) => words.some((w) => text.includes(w));
  if (PAIRS_FOLDED.some(([parts, pains]) => hasAny(parts) && hasAny(pains))) return 'medical';
  return null;
}
