/**
 * Every specialty the app knows, once, with where it is offered and what the specialties page
 * shows for it. The screen lists below are derived from this table in the order they are shown.
 *
 * Rule (docs/decisions/009-one-list-per-concept.md): whatever a patient can pay for, a doctor can
 * also choose in the profile builder, so a paid specialty checkout always has doctors to match;
 * an applicant chooses from the builder's own list, so an approved applicant can finish their
 * profile. The unit test next to this file enforces it.
 */

export const SPECIALTY_POPULARITIES = ['Low', 'Medium', 'High', 'Very High'] as const;
export type SpecialtyPopularity = (typeof SPECIALTY_POPULARITIES)[number];

interface CatalogData {
  readonly description: string;
  /** Whole dollars: the price of a specialty checkout and the `fee=` of its link. */
  readonly avgConsultationFee: number;
  readonly popularity: SpecialtyPopularity;
  readonly waitTime: string;
}

interface SpecialtyEntry {
  readonly name: string;
  /** A doctor can choose it as their primary specialty (and the demo seed gives it doctors). */
  readonly profile: boolean;
  /** An option of the find-doctors and home-page specialty filter. */
  readonly findDoctors: boolean;
  /** Its place on the home page's quick-search row (1 = first); absent when not shown there. */
  readonly quickSearch?: number;
  /** Present when it is on the specialties page, where a patient can pay for it directly. */
  readonly catalog?: CatalogData;
}

export const SPECIALTIES = [
  {
    name: 'Cardiology',
    profile: true,
    findDoctors: true,
    quickSearch: 1,
    catalog: {
      description: 'Care for the heart and blood vessels, from high blood pressure to rhythm problems.',
      avgConsultationFee: 180,
      popularity: 'Very High',
      waitTime: '2-3 days',
    },
  },
  {
    name: 'Dermatology',
    profile: true,
    findDoctors: true,
    quickSearch: 2,
    catalog: {
      description: 'Diagnosis and treatment of skin, hair and nail conditions such as acne, eczema and rashes.',
      avgConsultationFee: 150,
      popularity: 'Very High',
      waitTime: '1-2 days',
    },
  },
  {
    name: 'Endocrinology',
    profile: true,
    findDoctors: true,
    catalog: {
      description: 'Management of hormone and metabolic disorders including diabetes and thyroid disease.',
      avgConsultationFee: 170,
      popularity: 'High',
      waitTime: '3-5 days',
    },
  },
  {
    name: 'Family Medicine',
    profile: true,
    findDoctors: true,
    quickSearch: 8,
    catalog: {
      description: 'Ongoing everyday care for patients of every age and the whole household.',
      avgConsultationFee: 95,
      popularity: 'Very High',
      waitTime: '1-2 days',
    },
  },
  {
    name: 'Gastroenterology',
    profile: true,
    findDoctors: true,
    catalog: {
      description: 'Evaluation of digestive complaints affecting the stomach, bowel, liver and pancreas.',
      avgConsultationFee: 175,
      popularity: 'High',
      waitTime: '3-5 days',
    },
  },
  {
    name: 'General Practice',
    profile: true,
    findDoctors: true,
    catalog: {
      description: 'First-contact consultations for common illnesses, check-ups and referrals.',
      avgConsultationFee: 90,
      popularity: 'Very High',
      waitTime: '1-2 days',
    },
  },
  {
    name: 'Internal Medicine',
    profile: true,
    findDoctors: true,
    quickSearch: 7,
    catalog: {
      description: 'Comprehensive adult care focused on preventing and managing complex or chronic illness.',
      avgConsultationFee: 120,
      popularity: 'Very High',
      waitTime: '1-2 days',
    },
  },
  {
    name: 'Nephrology',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Specialist care for kidney function, chronic kidney disease and fluid balance.',
      avgConsultationFee: 185,
      popularity: 'Medium',
      waitTime: '4-6 days',
    },
  },
  {
    name: 'Neurology',
    profile: true,
    findDoctors: true,
    quickSearch: 3,
    catalog: {
      description: 'Assessment of the brain and nerves for headaches, seizures, numbness and memory concerns.',
      avgConsultationFee: 200,
      popularity: 'High',
      waitTime: '3-5 days',
    },
  },
  {
    name: 'Obstetrics & Gynecology',
    profile: true,
    findDoctors: true,
    catalog: {
      description: 'Reproductive health, pregnancy care and gynecological concerns for women.',
      avgConsultationFee: 160,
      popularity: 'High',
      waitTime: '2-3 days',
    },
  },
  {
    name: 'Oncology',
    profile: true,
    findDoctors: true,
    catalog: {
      description: 'Guidance on cancer diagnosis, treatment options and follow-up care.',
      avgConsultationFee: 220,
      popularity: 'Medium',
      waitTime: '3-5 days',
    },
  },
  {
    name: 'Ophthalmology',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Eye health consultations covering vision changes, infections and chronic eye disease.',
      avgConsultationFee: 145,
      popularity: 'Medium',
      waitTime: '2-4 days',
    },
  },
  {
    name: 'Orthopedics',
    profile: true,
    findDoctors: true,
    quickSearch: 6,
    catalog: {
      description: 'Treatment of bone, joint and muscle problems, from sports injuries to arthritis.',
      avgConsultationFee: 165,
      popularity: 'High',
      waitTime: '2-3 days',
    },
  },
  {
    name: 'Otolaryngology (ENT)',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Care for ear, nose and throat issues such as sinus trouble, hearing loss and tonsillitis.',
      avgConsultationFee: 140,
      popularity: 'Medium',
      waitTime: '2-4 days',
    },
  },
  {
    name: 'Pediatrics',
    profile: true,
    findDoctors: true,
    quickSearch: 4,
    catalog: {
      description: 'Medical care for infants, children and teenagers, including growth and development checks.',
      avgConsultationFee: 110,
      popularity: 'Very High',
      waitTime: '1-2 days',
    },
  },
  {
    name: 'Psychiatry',
    profile: true,
    findDoctors: true,
    quickSearch: 5,
    catalog: {
      description: 'Mental health evaluation and treatment for mood, anxiety and behavioural conditions.',
      avgConsultationFee: 190,
      popularity: 'Very High',
      waitTime: '3-7 days',
    },
  },
  {
    name: 'Pulmonology',
    profile: true,
    findDoctors: true,
    catalog: {
      description: 'Care for lung and breathing conditions such as asthma, COPD and persistent cough.',
      avgConsultationFee: 170,
      popularity: 'Medium',
      waitTime: '3-5 days',
    },
  },
  {
    name: 'Radiology',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Expert interpretation of X-rays, CT scans, MRI and ultrasound results.',
      avgConsultationFee: 130,
      popularity: 'Low',
      waitTime: '1-2 days',
    },
  },
  {
    name: 'Urology',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Treatment of urinary tract and male reproductive health conditions.',
      avgConsultationFee: 160,
      popularity: 'Medium',
      waitTime: '3-5 days',
    },
  },
  {
    name: 'Rheumatology',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Care for autoimmune and inflammatory conditions affecting the joints and connective tissue.',
      avgConsultationFee: 175,
      popularity: 'Medium',
      waitTime: '4-6 days',
    },
  },
  {
    name: 'Allergy & Immunology',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Testing and treatment for allergies, asthma triggers and immune system disorders.',
      avgConsultationFee: 135,
      popularity: 'Medium',
      waitTime: '2-4 days',
    },
  },
  {
    name: 'Infectious Disease',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Management of complex or persistent infections, including travel-related illness.',
      avgConsultationFee: 180,
      popularity: 'Low',
      waitTime: '2-3 days',
    },
  },
  {
    name: 'Sports Medicine',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Prevention and recovery support for injuries related to exercise and athletics.',
      avgConsultationFee: 125,
      popularity: 'Medium',
      waitTime: '1-3 days',
    },
  },
  {
    name: 'Geriatrics',
    profile: true,
    findDoctors: false,
    catalog: {
      description: 'Coordinated care addressing the health needs of older adults.',
      avgConsultationFee: 115,
      popularity: 'Low',
      waitTime: '2-4 days',
    },
  },
  {
    name: 'Surgery',
    profile: true,
    findDoctors: false,
  },
  {
    name: 'Emergency Medicine',
    profile: true,
    findDoctors: false,
  },
] as const satisfies readonly SpecialtyEntry[];

type Entry = (typeof SPECIALTIES)[number];
type NonEmpty<T> = readonly [T, ...T[]];

export type SpecialtyName = Entry['name'];
export type ProfileSpecialty = Extract<Entry, { profile: true }>['name'];
export type FindDoctorSpecialty = Extract<Entry, { findDoctors: true }>['name'];
export type QuickSearchSpecialty = Extract<Entry, { quickSearch: number }>['name'];
export type CatalogSpecialtyName = Extract<Entry, { catalog: CatalogData }>['name'];

const entries: readonly (SpecialtyEntry & { name: SpecialtyName })[] = SPECIALTIES;

const namesOf = <N extends SpecialtyName>(list: readonly { name: SpecialtyName }[]) =>
  list.map((entry) => entry.name) as unknown as NonEmpty<N>;

const inPlaceOrder = (place: (entry: SpecialtyEntry) => number | undefined) =>
  entries.filter((entry) => place(entry) !== undefined).sort((a, b) => place(a)! - place(b)!);

export const SPECIALTY_NAMES = namesOf<SpecialtyName>(entries);

/**
 * The profile builder's and the doctor application's pick list (the same list, issue 40: an
 * applicant can apply in any specialty a doctor can practise); also what the database accepts as
 * a doctor's specialty.
 */
export const PROFILE_SPECIALTIES = namesOf<ProfileSpecialty>(entries.filter((entry) => entry.profile));

export const FIND_DOCTOR_SPECIALTIES = namesOf<FindDoctorSpecialty>(entries.filter((entry) => entry.findDoctors));

export const QUICK_SEARCH_SPECIALTIES = namesOf<QuickSearchSpecialty>(inPlaceOrder((entry) => entry.quickSearch));

export interface Specialty extends CatalogData {
  readonly name: CatalogSpecialtyName;
}

/** The specialties page: every specialty a patient can pay for without choosing a doctor. */
export const SPECIALTY_CATALOG: readonly Specialty[] = entries.flatMap((entry) =>
  entry.catalog ? [{ name: entry.name as CatalogSpecialtyName, ...entry.catalog }] : [],
);

/** The catalog entry a checkout names, in any letter case; undefined when it cannot be paid for. */
export function findCatalogSpecialty(name: string): Specialty | undefined {
  const wanted = name.trim().toLowerCase();
  return SPECIALTY_CATALOG.find((specialty) => specialty.name.toLowerCase() === wanted);
}
