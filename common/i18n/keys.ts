/**
 * Every catalogue key, from the English files (the source): a key that is not in them does not
 * compile. A new area file is added here once: first-chunk areas (./en/*.json, in every page's first
 * load) at the top, screen areas (./en/screens/*.json) below, one a line.
 */
type Keys<T> = Exclude<keyof T & string, 'default'>;
export type ClientMessageKey =
  | Keys<typeof import('./en/shell.json')>
  | Keys<typeof import('./en/landing.json')>
  | Keys<typeof import('./en/auth.json')>
  | Keys<typeof import('./en/doctors.json')>
  | Keys<typeof import('./en/validation.json')>
  | Keys<typeof import('./en/zones.json')>
  | Keys<typeof import('./en/specialties.json')>
  // Screen areas (./en/screens/*.json): loaded with the screens that name them (textsFor), one a line.
  | Keys<typeof import('./en/screens/pages.json')>;
export type ServerMessageKey =
  | Keys<typeof import('./en/server/errors.json')>
  | Keys<typeof import('./en/server/mail.json')>
  | Keys<typeof import('./en/server/notify.json')>
  | Keys<typeof import('./en/server/pdf.json')>
  | Keys<typeof import('./en/server/ics.json')>
  | Keys<typeof import('./en/validation.json')>
  | Keys<typeof import('./en/zones.json')>
  | Keys<typeof import('./en/specialties.json')>;
