// Who may select from the tables that hold health data: only server/src/policies/, whose read
// functions ask the policy and write the access audit themselves (docs/policies.md, decision 069).
// A select anywhere else is a read that no policy checked and no audit row records.
import fs from 'node:fs';
import path from 'node:path';

/** The health tables: Drizzle's name for each and its SQL name. */
export const HEALTH_TABLES = {
  patientProfiles: 'patient_profiles',
  visitNotes: 'visit_notes',
  chatMessages: 'chat_messages',
  emailMessages: 'email_messages',
  // Care between visits (issue 41): conversation messages and documents.
  messages: 'messages',
  documents: 'documents',
  // Prescriptions, sick notes and referral letters (issue 41 item 3, decision 082).
  careDocuments: 'care_documents',
  // Families (issue 42): who a visit is for, a child's name and date of birth.
  familyMembers: 'family_members',
  familyMemberProfiles: 'family_member_profiles',
};

/**
 * Files that select from a health table outside policies/, each with why. Keep this list short:
 * every entry is a read the policy does not see.
 */
export const EXEMPT = {
  // Demo data checks whether it already wrote its demo visit summary; no person reads through it.
  'server/src/db/demo-visit-summary.ts': 'demo seed',
  // The mail worker re-reads the message it composed to send it again after a failure: the body
  // goes to its recipient, the one reader it was written for, and to nobody at Medora.
  'server/src/modules/mail/deliver.ts': 'the mail worker resends a stored message',
};

/**
 * The health columns of a table that is otherwise read everywhere: an appointment's slot, status
 * and fee are scheduling data every module reads, but the reason for the visit and the patient's
 * notes say what is wrong with them. Drizzle's name for each column and its SQL name.
 */
export const HEALTH_COLUMNS = {
  reasonForVisit: 'reason_for_visit',
  additionalNotes: 'additional_notes',
};

/**
 * Files outside policies/ that read those columns, each with the policy read that feeds it. A
 * presenter listed here turns a row into a reply; the row reached it through the read named, which
 * checked the viewer and audited the read. Any other file reading them fails the check.
 */
export const COLUMN_PRESENTERS = {
  'server/src/modules/appointments/queries.ts':
    'presents rows loaded through readAppointment(s) / appointmentsWhere (the viewer is a party)',
  'server/src/modules/appointments/calendar.ts':
    "the .ics of readAppointment (downloadedIcs); mail's invitations pass no reason",
  'server/src/modules/consultations/service.ts': 'presents the room loaded through readRoom',
  'server/src/modules/visit-notes/service.ts': 'presents the visit loaded through readVisitNotes / readVisitSummary',
  'server/src/modules/patients/privacy.ts': "the patient's own data export (appointmentsBookedBy)",
};

/**
 * Ownership restated: who owns an appointment, a doctor row or a receipt is the policies' to say
 * (appointmentsWhere, appointmentsBookedBy, doctorsOwnedBy, receiptsVisibleTo, sideOf, roomSideOf).
 */
const OWNERSHIP = [
  /\b(eq|ne)\(\s*doctors\.userId\s*,/g,
  /\beq\(\s*appointments\.patientId\s*,/g,
  /\beq\(\s*receipts\.buyerId\s*,/g,
  /\bdoctor\.userId\s*[!=]==|[!=]==\s*[\w.]*\bdoctor\.userId\b/g,
];

/** Paths never checked: the policies themselves, tests and what only tests use. */
const NOT_CHECKED = [/^server\/src\/policies\//, /\.test\.ts$/, /^server\/src\/test-support\//];

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** The selects from health tables in one file's text, as `line: what` problems. */
export function healthReadsIn(rel, text) {
  const problems = [];
  for (const [name, table] of Object.entries(HEALTH_TABLES)) {
    const patterns = [
      // Drizzle: .from(t), .innerJoin(t, …), alias(t, …) (an alias is only made to select from it).
      [new RegExp(`\\.from\\(\\s*${name}\\s*\\)`, 'g'), 'selects from'],
      [new RegExp(`\\.(inner|left|right|full|cross)Join\\(\\s*${name}\\b`, 'g'), 'joins'],
      [new RegExp(`\\balias\\(\\s*${name}\\b`, 'g'), 'aliases'],
      [new RegExp(`\\.query\\.${name}\\b`, 'g'), 'queries'],
      // SQL text: from/join ${t} or the table's own name (a delete is a write, not a read).
      [new RegExp(`(?<!delete\\s)\\b(from|join)\\s+(\\$\\{\\s*${name}\\s*\\}|"?${table}"?)(?![\\w"])`, 'gi'), 'reads'],
    ];
    for (const [pattern, verb] of patterns) {
      for (const match of text.matchAll(pattern)) {
        problems.push(`${rel}:${lineOf(text, match.index)}: ${verb} ${table} outside server/src/policies`);
      }
    }
  }
  if (!(rel in COLUMN_PRESENTERS)) {
    for (const [name, column] of Object.entries(HEALTH_COLUMNS)) {
      // A read of the value (row.reasonForVisit), not a write (values `{ reasonForVisit: … }`),
      // the request body being stored, or a logger's redaction path ('*.reasonForVisit'); in SQL
      // text the bare column name, not the schema's quoted one nor an assignment.
      const patterns = [
        new RegExp(`(?<!\\bbody|\\*)\\.${name}\\b(?!\\s*:)`, 'g'),
        new RegExp(`(?<!['"])\\b${column}\\b(?!['"]|\\s*=)`, 'gi'),
      ];
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          problems.push(
            `${rel}:${lineOf(text, match.index)}: reads appointments.${column} outside server/src/policies`,
          );
        }
      }
    }
  }
  for (const pattern of OWNERSHIP) {
    for (const match of text.matchAll(pattern)) {
      problems.push(`${rel}:${lineOf(text, match.index)}: restates ownership (ask server/src/policies)`);
    }
  }
  // The access audit is written by the read functions; a hand-written call would be a second copy.
  const byHand = [/from\s+['"][./]*policies\/access-audit['"]/g, /action:\s*['"]patient_record\.read['"]/g];
  for (const pattern of byHand) {
    for (const match of text.matchAll(pattern)) {
      problems.push(`${rel}:${lineOf(text, match.index)}: writes the access audit by hand (only policies/ may)`);
    }
  }
  return problems;
}

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Every problem under `root`'s server/src, exemptions applied. */
export function checkHealthReads(root) {
  const problems = [];
  for (const file of files(path.join(root, 'server/src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (NOT_CHECKED.some((re) => re.test(rel)) || rel in EXEMPT) continue;
    problems.push(...healthReadsIn(rel, fs.readFileSync(file, 'utf8')));
  }
  return problems;
}
