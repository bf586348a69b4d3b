import type { DoctorSearch } from './doctor-search-query';

/**
 * Every TanStack Query key of the client, spelled once. A key is the API path split into parts (each
 * query brings its own query function, in its feature's api.ts), so a shorter key is the prefix
 * that invalidates all longer ones (doctors.all covers doctors.one).
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'],
  /** The clinic's identity provider, when this server offers one, and a new person's waiting sign-up. */
  oidc: ['/api/auth/oidc'],
  oidcSignup: ['/api/auth/oidc/signup'],
  appConfig: ['/api/config'],
  appointments: {
    all: ['/api/appointments'],
    /** The patient's list, both halves: the prefix that makes all its pages stale. */
    patient: ['/api/patient/appointments'],
    patientPages: (when: 'upcoming' | 'past') => ['/api/patient/appointments', when],
    patientDoctors: ['/api/patient/doctors'],
    doctorToday: ['/api/appointments/doctor/today'],
    /** The doctors' proposed new times waiting for the patient's answer. */
    proposals: ['/api/appointments/proposals'],
    one: (id: string) => ['/api/appointments', id],
  },
  doctors: {
    all: ['/api/doctors'],
    one: (id: string) => ['/api/doctors', id],
    reviews: (id: string) => ['/api/doctors', id, 'reviews'],
    filters: ['/api/doctors/filters'],
    /** `type` picks the visit kind whose length the slots take (the server's default is video). */
    availability: (id: string, date: string, type?: string) => [
      '/api/doctors',
      id,
      `availability?date=${date}${type ? `&type=${type}` : ''}`,
    ],
    /** `days` of the doctor's local dates from `date`, in one reply (the doctor page's week). */
    availabilityDays: (id: string, date: string, days: number, type?: string) => [
      '/api/doctors',
      id,
      `availability?date=${date}&days=${days}${type ? `&type=${type}` : ''}`,
    ],
    searchAll: ['/api/doctors/search'],
    search: (search: DoctorSearch, limit: number) => ['/api/doctors/search', search, limit],
    featuredAll: ['/api/doctors/featured'],
    featured: (limit: number) => ['/api/doctors/featured', limit],
  },
  consultations: {
    upcoming: ['/api/consultations'],
    one: (id: string) => ['/api/consultations', id],
    /** Both participants' pre-call checks of one visit. */
    prechecks: (id: string) => ['/api/consultations', id, 'precheck'],
    /** The doctor's patients' pre-call checks, beside them in the schedule and the book. */
    patientPrechecks: ['/api/doctor/consultation-prechecks'],
  },
  visits: {
    /** The doctor's private notes and summary of one appointment. */
    notes: (appointmentId: string) => ['/api/appointments', appointmentId, 'visit-notes'],
    summary: (appointmentId: string) => ['/api/appointments', appointmentId, 'visit-summary'],
    /** The patient's appointments with a shared summary. */
    shared: ['/api/visit-summaries'],
  },
  careDocuments: {
    /** A visit's prescriptions and certificates (its patient's and its doctor's view). */
    visit: (appointmentId: string) => ['/api/appointments', appointmentId, 'care-documents'],
    /** What a verification code says, for anyone. */
    verify: (code: string) => ['/api/verify', code],
  },
  notifications: ['/api/notifications'],
  /** Conversations between visits and the documents a patient keeps (issue 41). */
  conversations: {
    all: ['/api/conversations'],
    unread: ['/api/conversations', 'unread'],
    replyPromise: ['/api/doctor/reply-promise'],
    messages: (id: string) => ['/api/conversations', id, 'messages'],
  },
  documents: ['/api/documents'],
  /** Who opened one document (under `documents`, so a change to the list refreshes it too). */
  documentOpens: (id: string) => ['/api/documents', id, 'opens'],
  /** The signed-in person's private iCalendar feed URL. */
  calendarFeed: ['/api/calendar/feed'],
  /** The people a patient books for (issue 42). */
  familyMembers: ['/api/family-members'],
  patientProfile: {
    own: ['/api/patients/profile'],
    accessLog: ['/api/patients/profile/access-log'],
    settings: ['/api/patients/me/settings'],
  },
  referrals: {
    list: ['/api/referrals'],
    summary: ['/api/referrals/summary'],
  },
  wallet: ['/api/wallet'],
  payments: {
    config: ['/api/payments/config'],
  },
  outbreak: {
    statistics: ['/api/outbreak/statistics'],
    cases: ['/api/outbreak/cases'],
    syncStatus: ['/api/outbreak/sync-status'],
    reports: ['/api/outbreak/reports'],
  },
  /** The doctor's appointment book; `list` pages by the filters (fetched by its own query function). */
  doctorBook: {
    all: ['/api/doctor/appointments'],
    list: (filters: object) => ['/api/doctor/appointments', filters],
  },
  doctorWork: {
    dashboardStats: ['/api/dashboard/stats'],
    ownProfile: ['/api/profile/doctor'],
    earningStats: ['/api/doctor/earnings/stats'],
    earnings: ['/api/doctor/earnings'],
    recentEarnings: (limit: number) => ['/api/doctor/earnings', limit],
    payouts: ['/api/doctor/payouts'],
    recentPayouts: (limit: number) => ['/api/doctor/payouts', limit],
    payoutSummary: ['/api/doctor/payouts/summary'],
    payoutAccount: ['/api/doctor/payout-account'],
    schedule: ['/api/doctors/profile/schedule'],
    timeOff: ['/api/doctors/profile/time-off'],
  },
  /** Admin lists are fetched by their own query functions (the key's second part is the query string). */
  admin: {
    all: ['/api/admin'],
    stats: ['/api/admin', 'stats'],
    list: (name: string, query: string) => ['/api/admin', name, query],
    listAll: (name: string) => ['/api/admin', name],
    payment: (id: string) => ['/api/admin', 'payment', id],
    settings: ['/api/admin', 'settings'],
  },
  emails: {
    /** Demo mode: the messages Medora would have sent the signed-in user. */
    mine: ['/api/emails/mine'],
  },
  analytics: {
    outreach: (range: string) => ['/api/analytics/outreach', range],
    campaigns: ['/api/analytics/campaigns'],
    audiences: ['/api/analytics/campaign-audiences'],
  },
} as const;

/** What a patient sees of an appointment: a cancellation or a payment makes all of it stale. */
export const APPOINTMENT_VIEW_KEYS = [
  queryKeys.appointments.patient,
  queryKeys.appointments.patientDoctors,
  queryKeys.appointments.all,
  queryKeys.consultations.upcoming,
  queryKeys.notifications,
] as const;
