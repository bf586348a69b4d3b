// Fails when code outside server/src/policies selects from a table of health data (patient
// profiles, visit notes, chat, e-mail bodies) or writes the access audit itself. Those reads go
// through the policies' read functions, which check who may read and audit it (docs/policies.md).
import path from 'node:path';
import { checkHealthReads, EXEMPT, HEALTH_TABLES } from './health-reads.mjs';

const problems = checkHealthReads(path.resolve(import.meta.dirname, '..'));
if (problems.length > 0) {
  console.error(`Health data read outside server/src/policies (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('Read it through a function of server/src/policies (it checks the viewer and audits the read).');
  process.exit(1);
}
console.log(
  `Health tables (${Object.values(HEALTH_TABLES).join(', ')}) read only in server/src/policies; ` +
    `${Object.keys(EXEMPT).length} named exemptions.`,
);
