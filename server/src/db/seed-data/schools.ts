import type { SeedRegion } from './countries';

/** A medical school and the first degree it awards, so a doctor's degree matches where they studied. */
export interface School {
  readonly name: string;
  readonly degree: string;
}

export const SCHOOLS: Readonly<Record<SeedRegion, readonly School[]>> = {
  europe: [
    { name: 'University of Oxford Medical School', degree: 'BM BCh' },
    { name: "King's College London GKT School of Medical Education", degree: 'MBBS' },
    { name: 'University of Edinburgh Medical School', degree: 'MBChB' },
    { name: 'Trinity College Dublin School of Medicine', degree: 'MB BCh BAO' },
    { name: 'Charité – Universitätsmedizin Berlin', degree: 'Dr. med.' },
    { name: 'Heidelberg University Faculty of Medicine', degree: 'Dr. med.' },
    { name: 'Sorbonne University Faculty of Medicine', degree: 'MD' },
    { name: 'University of Barcelona Faculty of Medicine', degree: 'MD' },
    { name: 'University of Milan Faculty of Medicine', degree: 'MD' },
    { name: 'Karolinska Institutet', degree: 'MD' },
    { name: 'University of Amsterdam Faculty of Medicine', degree: 'MD' },
  ],
  americas: [
    { name: 'Harvard Medical School', degree: 'MD' },
    { name: 'Johns Hopkins University School of Medicine', degree: 'MD' },
    { name: 'Stanford University School of Medicine', degree: 'MD' },
    { name: 'University of Toronto Faculty of Medicine', degree: 'MD' },
    { name: 'McGill University Faculty of Medicine', degree: 'MD' },
    { name: 'University of the West Indies Faculty of Medical Sciences', degree: 'MBBS' },
  ],
  latam: [
    { name: 'University of São Paulo Faculty of Medicine', degree: 'MD' },
    { name: 'National Autonomous University of Mexico Faculty of Medicine', degree: 'MD' },
    { name: 'University of Buenos Aires School of Medicine', degree: 'MD' },
    { name: 'University of Chile Faculty of Medicine', degree: 'MD' },
    { name: 'National University of Colombia Faculty of Medicine', degree: 'MD' },
  ],
  africa: [
    { name: 'University of Cape Town Faculty of Health Sciences', degree: 'MBChB' },
    { name: 'University of Lagos College of Medicine', degree: 'MBBS' },
    { name: 'University of Nairobi School of Medicine', degree: 'MBChB' },
    { name: 'Makerere University School of Medicine', degree: 'MBChB' },
    { name: 'University of Ghana Medical School', degree: 'MBChB' },
    { name: 'University of Rwanda College of Medicine and Health Sciences', degree: 'MBChB' },
  ],
  mena: [
    { name: 'Cairo University Faculty of Medicine', degree: 'MBBCh' },
    { name: 'King Saud University College of Medicine', degree: 'MBBS' },
    { name: 'Hacettepe University Faculty of Medicine', degree: 'MD' },
    { name: 'University of Jordan School of Medicine', degree: 'MD' },
  ],
  south_asia: [
    { name: 'All India Institute of Medical Sciences, New Delhi', degree: 'MBBS' },
    { name: 'Aga Khan University Medical College', degree: 'MBBS' },
    { name: 'Christian Medical College, Vellore', degree: 'MBBS' },
    { name: 'University of Colombo Faculty of Medicine', degree: 'MBBS' },
  ],
  east_asia: [
    { name: 'University of Tokyo Faculty of Medicine', degree: 'MD' },
    { name: 'Peking Union Medical College', degree: 'MD' },
    { name: 'Seoul National University College of Medicine', degree: 'MD' },
  ],
  sea: [
    { name: 'Yong Loo Lin School of Medicine, National University of Singapore', degree: 'MBBS' },
    { name: 'University of the Philippines College of Medicine', degree: 'MD' },
    { name: 'University of Malaya Faculty of Medicine', degree: 'MBBS' },
    { name: 'Chulalongkorn University Faculty of Medicine', degree: 'MD' },
  ],
  oceania: [
    { name: 'University of Sydney Medical School', degree: 'MD' },
    { name: 'University of Melbourne Medical School', degree: 'MD' },
    { name: 'University of Auckland Faculty of Medical and Health Sciences', degree: 'MBChB' },
  ],
};

/** What a specialist of each specialty is called, for bios: "an orthopedic surgeon in Kigali". */
export const PRACTITIONER: Readonly<Record<string, string>> = {
  Cardiology: 'cardiologist',
  Dermatology: 'dermatologist',
  Endocrinology: 'endocrinologist',
  'Family Medicine': 'family physician',
  Gastroenterology: 'gastroenterologist',
  'General Practice': 'general practitioner',
  'Internal Medicine': 'internist',
  Nephrology: 'nephrologist',
  Neurology: 'neurologist',
  'Obstetrics & Gynecology': 'obstetrician and gynecologist',
  Oncology: 'oncologist',
  Ophthalmology: 'ophthalmologist',
  Orthopedics: 'orthopedic surgeon',
  'Otolaryngology (ENT)': 'ENT specialist',
  Pediatrics: 'pediatrician',
  Psychiatry: 'psychiatrist',
  Pulmonology: 'pulmonologist',
  Radiology: 'radiologist',
  Urology: 'urologist',
  Rheumatology: 'rheumatologist',
  'Allergy & Immunology': 'allergist and immunologist',
  'Infectious Disease': 'infectious disease specialist',
  'Sports Medicine': 'sports medicine physician',
  Geriatrics: 'geriatrician',
  Surgery: 'general surgeon',
  'Emergency Medicine': 'emergency physician',
};

/** Years of specialty training after the first degree, roughly as long as residencies run. */
export const TRAINING_YEARS: Readonly<Record<string, number>> = {
  'Family Medicine': 3,
  'General Practice': 3,
  'Internal Medicine': 3,
  Pediatrics: 3,
  'Emergency Medicine': 4,
  Psychiatry: 4,
  Neurology: 4,
  Dermatology: 4,
  'Obstetrics & Gynecology': 4,
  Radiology: 5,
  Orthopedics: 5,
  Urology: 5,
  Surgery: 5,
  'Otolaryngology (ENT)': 5,
};
export const DEFAULT_TRAINING_YEARS = 5;
