/** The kinds of consultation a patient can book; every list, label and check derives from this one. */
export const CONSULTATION_TYPE_OPTIONS = [
  { value: 'video', label: 'Video Call', shortLabel: 'Video', description: 'Virtual consultation via video' },
  { value: 'voice', label: 'Voice Call', shortLabel: 'Voice', description: 'Phone consultation' },
  { value: 'in-person', label: 'In-Person', shortLabel: 'In-Person', description: "Visit doctor's office" },
] as const;

export type ConsultationType = (typeof CONSULTATION_TYPE_OPTIONS)[number]['value'];

export const CONSULTATION_TYPE_VALUES = CONSULTATION_TYPE_OPTIONS.map((option) => option.value) as [
  ConsultationType,
  ...ConsultationType[],
];

export const CONSULTATION_TYPE_LABELS = Object.fromEntries(
  CONSULTATION_TYPE_OPTIONS.map((option) => [option.value, option.label]),
) as Record<ConsultationType, string>;

/** The kinds that happen in the live room (in-person visits happen at the office). */
export const REMOTE_CONSULTATION_TYPES = ['video', 'voice'] as const satisfies readonly ConsultationType[];
export type RemoteConsultationType = (typeof REMOTE_CONSULTATION_TYPES)[number];

/** Who someone is in a consultation room. */
export const CONSULTATION_ROLES = ['doctor', 'patient'] as const;
export type ConsultationRole = (typeof CONSULTATION_ROLES)[number];
