/**
 * Every catalogue key, from the English files (the source): a key that is not in them does not
 * compile. A new area file is added here once: first-chunk areas (./en/*.json, in every page's first
 * load) at the top, screen areas (./en/screens/*.json) below, one a line.
 */
type Keys<T> = Exclude<keyof T & string, 'default'>;
export type ClientMessageKey =
  | Keys<typeof import('./en/shell.json')>
  | Keys<typeof import('./en/landing.json')>
  | Keys<typeof import('./en/doctors.json')>
  | Keys<typeof import('./en/validation.json')>
  | Keys<typeof import('./en/zones.json')>
  | Keys<typeof import('./en/specialties.json')>
  // Screen areas (./en/screens/*.json): loaded with the screens that name them (textsFor), one a line.
  | Keys<typeof import('./en/screens/pages.json')>
  | Keys<typeof import('./en/screens/auth.json')>
  | Keys<typeof import('./en/screens/dashboard.json')>
  | Keys<typeof import('./en/screens/builder.json')>
  | Keys<typeof import('./en/screens/join.json')>
  | Keys<typeof import('./en/screens/doctor-page.json')>
  | Keys<typeof import('./en/screens/booking.json')>
  | Keys<typeof import('./en/screens/checkout.json')>
  | Keys<typeof import('./en/screens/payment.json')>
  | Keys<typeof import('./en/screens/slots.json')>
  | Keys<typeof import('./en/screens/home.json')>
  | Keys<typeof import('./en/screens/ui.json')>
  | Keys<typeof import('./en/screens/ui-error.json')>
  | Keys<typeof import('./en/screens/appointments.json')>
  | Keys<typeof import('./en/screens/visits.json')>
  | Keys<typeof import('./en/screens/bell.json')>
  | Keys<typeof import('./en/screens/referrals.json')>
  | Keys<typeof import('./en/screens/assistant.json')>
  | Keys<typeof import('./en/screens/assistant-launcher.json')>
  | Keys<typeof import('./en/screens/room.json')>
  | Keys<typeof import('./en/screens/precall.json')>
  | Keys<typeof import('./en/screens/notes.json')>
  | Keys<typeof import('./en/screens/admin.json')>
  | Keys<typeof import('./en/screens/outreach.json')>
  | Keys<typeof import('./en/screens/outbreak.json')>
  | Keys<typeof import('./en/screens/account.json')>
  | Keys<typeof import('./en/screens/account-zone.json')>
  | Keys<typeof import('./en/screens/account-deletion.json')>
  | Keys<typeof import('./en/screens/signin.json')>
  | Keys<typeof import('./en/screens/legal.json')>
  | Keys<typeof import('./en/screens/about.json')>
  | Keys<typeof import('./en/screens/specialty-list.json')>
  | Keys<typeof import('./en/screens/route-error.json')>
  | Keys<typeof import('./en/screens/messages.json')>
  | Keys<typeof import('./en/screens/my-documents.json')>
  | Keys<typeof import('./en/screens/when.json')>
  | Keys<typeof import('./en/screens/fields.json')>
  | Keys<typeof import('./en/screens/rx.json')>
  | Keys<typeof import('./en/screens/push.json')>
  | Keys<typeof import('./en/screens/family.json')>
  | Keys<typeof import('./en/screens/install.json')>
  | Keys<typeof import('./en/screens/waitlist.json')>;
export type ServerMessageKey =
  | Keys<typeof import('./en/server/errors.json')>
  | Keys<typeof import('./en/server/mail.json')>
  | Keys<typeof import('./en/server/notify.json')>
  | Keys<typeof import('./en/server/pdf.json')>
  | Keys<typeof import('./en/server/ics.json')>
  | Keys<typeof import('./en/server/care.json')>
  | Keys<typeof import('./en/server/rx.json')>
  | Keys<typeof import('./en/server/push.json')>
  | Keys<typeof import('./en/server/family.json')>
  | Keys<typeof import('./en/server/waitlist.json')>
  | Keys<typeof import('./en/validation.json')>
  | Keys<typeof import('./en/zones.json')>
  | Keys<typeof import('./en/specialties.json')>
  // Dates and times, said alike by the screens and the server (common/i18n/when.ts).
  | Keys<typeof import('./en/screens/when.json')>
  // The shared schemas' own field messages, said again in the 400's `fields` (common/i18n/field-text.ts).
  | Keys<typeof import('./en/screens/fields.json')>;
