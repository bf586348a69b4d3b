export const PROFILE_SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Family Medicine',
  'Gastroenterology',
  'General Practice',
  'Internal Medicine',
  'Nephrology',
  'Neurology',
  'Obstetrics & Gynecology',
  'Oncology',
  'Ophthalmology',
  'Orthopedics',
  'Otolaryngology (ENT)',
  'Pediatrics',
  'Psychiatry',
  'Pulmonology',
  'Radiology',
  'Urology',
  'Rheumatology',
] as const;

export type ProfileSpecialty = (typeof PROFILE_SPECIALTIES)[number];

export const FIND_DOCTOR_SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Family Medicine',
  'Gastroenterology',
  'General Practice',
  'Internal Medicine',
  'Neurology',
  'Obstetrics & Gynecology',
  'Oncology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Pulmonology',
] as const satisfies readonly ProfileSpecialty[];

export const QUICK_SEARCH_SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Neurology',
  'Pediatrics',
  'Psychiatry',
  'Orthopedics',
  'Internal Medicine',
  'Family Medicine',
] as const satisfies readonly ProfileSpecialty[];

export const APPLICATION_SPECIALTIES = [
  'Cardiology',
  'Dermatology',
  'Neurology',
  'Orthopedics',
  'Pediatrics',
  'Psychiatry',
  'Radiology',
  'Surgery',
  'Internal Medicine',
  'Family Medicine',
  'Gastroenterology',
  'Endocrinology',
  'Oncology',
  'Emergency Medicine',
] as const;

export type ApplicationSpecialty = (typeof APPLICATION_SPECIALTIES)[number];

export const SPECIALTY_POPULARITIES = ['Low', 'Medium', 'High', 'Very High'] as const;

export type SpecialtyPopularity = (typeof SPECIALTY_POPULARITIES)[number];

export interface Specialty {
  readonly name: string;
  readonly description: string;
  readonly avgConsultationFee: number;
  readonly popularity: SpecialtyPopularity;
  readonly waitTime: string;
}

export const SPECIALTY_CATALOG: readonly Specialty[] = [
  {
    name: 'Cardiology',
    description: 'Care for the heart and blood vessels, from high blood pressure to rhythm problems.',
    avgConsultationFee: 180,
    popularity: 'Very High',
    waitTime: '2-3 days',
  },
  {
    name: 'Dermatology',
    description: 'Diagnosis and treatment of skin, hair and nail conditions such as acne, eczema and rashes.',
    avgConsultationFee: 150,
    popularity: 'Very High',
    waitTime: '1-2 days',
  },
  {
    name: 'Endocrinology',
    description: 'Management of hormone and metabolic disorders including diabetes and thyroid disease.',
    avgConsultationFee: 170,
    popularity: 'High',
    waitTime: '3-5 days',
  },
  {
    name: 'Family Medicine',
    description: 'Ongoing everyday care for patients of every age and the whole household.',
    avgConsultationFee: 95,
    popularity: 'Very High',
    waitTime: '1-2 days',
  },
  {
    name: 'Gastroenterology',
    description: 'Evaluation of digestive complaints affecting the stomach, bowel, liver and pancreas.',
    avgConsultationFee: 175,
    popularity: 'High',
    waitTime: '3-5 days',
  },
  {
    name: 'General Practice',
    description: 'First-contact consultations for common illnesses, check-ups and referrals.',
    avgConsultationFee: 90,
    popularity: 'Very High',
    waitTime: '1-2 days',
  },
  {
    name: 'Internal Medicine',
    description: 'Comprehensive adult care focused on preventing and managing complex or chronic illness.',
    avgConsultationFee: 120,
    popularity: 'Very High',
    waitTime: '1-2 days',
  },
  {
    name: 'Nephrology',
    description: 'Specialist care for kidney function, chronic kidney disease and fluid balance.',
    avgConsultationFee: 185,
    popularity: 'Medium',
    waitTime: '4-6 days',
  },
  {
    name: 'Neurology',
    description: 'Assessment of the brain and nerves for headaches, seizures, numbness and memory concerns.',
    avgConsultationFee: 200,
    popularity: 'High',
    waitTime: '3-5 days',
  },
  {
    name: 'Obstetrics & Gynecology',
    description: 'Reproductive health, pregnancy care and gynecological concerns for women.',
    avgConsultationFee: 160,
    popularity: 'High',
    waitTime: '2-3 days',
  },
  {
    name: 'Oncology',
    description: 'Guidance on cancer diagnosis, treatment options and follow-up care.',
    avgConsultationFee: 220,
    popularity: 'Medium',
    waitTime: '3-5 days',
  },
  {
    name: 'Ophthalmology',
    description: 'Eye health consultations covering vision changes, infections and chronic eye disease.',
    avgConsultationFee: 145,
    popularity: 'Medium',
    waitTime: '2-4 days',
  },
  {
    name: 'Orthopedics',
    description: 'Treatment of bone, joint and muscle problems, from sports injuries to arthritis.',
    avgConsultationFee: 165,
    popularity: 'High',
    waitTime: '2-3 days',
  },
  {
    name: 'Otolaryngology (ENT)',
    description: 'Care for ear, nose and throat issues such as sinus trouble, hearing loss and tonsillitis.',
    avgConsultationFee: 140,
    popularity: 'Medium',
    waitTime: '2-4 days',
  },
  {
    name: 'Pediatrics',
    description: 'Medical care for infants, children and teenagers, including growth and development checks.',
    avgConsultationFee: 110,
    popularity: 'Very High',
    waitTime: '1-2 days',
  },
  {
    name: 'Psychiatry',
    description: 'Mental health evaluation and treatment for mood, anxiety and behavioural conditions.',
    avgConsultationFee: 190,
    popularity: 'Very High',
    waitTime: '3-7 days',
  },
  {
    name: 'Pulmonology',
    description: 'Care for lung and breathing conditions such as asthma, COPD and persistent cough.',
    avgConsultationFee: 170,
    popularity: 'Medium',
    waitTime: '3-5 days',
  },
  {
    name: 'Radiology',
    description: 'Expert interpretation of X-rays, CT scans, MRI and ultrasound results.',
    avgConsultationFee: 130,
    popularity: 'Low',
    waitTime: '1-2 days',
  },
  {
    name: 'Urology',
    description: 'Treatment of urinary tract and male reproductive health conditions.',
    avgConsultationFee: 160,
    popularity: 'Medium',
    waitTime: '3-5 days',
  },
  {
    name: 'Rheumatology',
    description: 'Care for autoimmune and inflammatory conditions affecting the joints and connective tissue.',
    avgConsultationFee: 175,
    popularity: 'Medium',
    waitTime: '4-6 days',
  },
  {
    name: 'Allergy & Immunology',
    description: 'Testing and treatment for allergies, asthma triggers and immune system disorders.',
    avgConsultationFee: 135,
    popularity: 'Medium',
    waitTime: '2-4 days',
  },
  {
    name: 'Infectious Disease',
    description: 'Management of complex or persistent infections, including travel-related illness.',
    avgConsultationFee: 180,
    popularity: 'Low',
    waitTime: '2-3 days',
  },
  {
    name: 'Sports Medicine',
    description: 'Prevention and recovery support for injuries related to exercise and athletics.',
    avgConsultationFee: 125,
    popularity: 'Medium',
    waitTime: '1-3 days',
  },
  {
    name: 'Geriatrics',
    description: 'Coordinated care addressing the health needs of older adults.',
    avgConsultationFee: 115,
    popularity: 'Low',
    waitTime: '2-4 days',
  },
];
