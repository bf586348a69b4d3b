// Fails when code outside server/src/policies selects from a table of health data (patient
// profiles, visit notes and summaries, chat, e-mail bodies), reads an appointment's health columns
// (reason for the visit, notes), restates who owns an appointment, a doctor row or a receipt, or
// writes the access audit itself. Those reads go through the policies' read functions, which check
// who may read and audit it; ownership is asked of the policies' scopes (docs/policies.md).
import path from 'node:path';
import { checkHealthReads, COLUMN_PRESENTERS, EXEMPT, HEALTH_COLUMNS, HEALTH_TABLES } from './health-reads.mjs';

const problems = checkHealthReads(path.resolve(import.meta.dirname, '..'));
if (problems.length > 0) {
  console.error(`Health data read or ownership restated outside server/src/policies (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('Read it through a function of server/src/policies (it checks the viewer and audits the read).');
  process.exit(1);
}
console.log(
  `Health tables (${Object.values(HEALTH_TABLES).join(', ')}) read only in server/src/policies; ` +
    `${Object.keys(EXEMPT).length} named exemptions. Appointment columns ` +
    `(${Object.values(HEALTH_COLUMNS).join(', ')}) read in policies/ and ${Object.keys(COLUMN_PRESENTERS).length} ` +
    'named presenters; ownership restated nowhere else.',
);
