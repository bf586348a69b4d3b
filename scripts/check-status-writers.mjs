// A quick hint, not the guarantee (decision 071): the database refuses any state move its move
// table does not list, however the write is spelled. This regex only points out, in a second and
// without a database, a file other than its aggregate's owner writing a state column: appointment,
// payment, earning, payout and referral statuses, and a doctor's verification.
// Reads server/src (tests excluded) for `.update(<table>)…set({… status` and `.insert(<table>)`
// of a status, and raw `update <table> set status`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const OWNERS = {
  appointments: { column: /\bstatus\b/, files: ['server/src/modules/appointments/commands.ts'] },
  payments: {
    column: /\bstatus\b/,
    files: ['server/src/modules/payments/service.ts', 'server/src/modules/payments/refunds.ts'],
  },
  earnings: { column: /\bstatus\b/, files: ['server/src/modules/earnings/transitions.ts'] },
  payouts: {
    column: /\bstatus\b/,
    files: ['server/src/modules/admin/payouts.ts', 'server/src/modules/earnings/service.ts'],
  },
  referrals: {
    column: /\bstatus\b/,
    files: ['server/src/modules/referrals/rewards.ts', 'server/src/modules/referrals/release.ts'],
  },
  doctors: {
    column: /\b(isVerified|isActive|profileStatus)\b/,
    files: ['server/src/modules/doctor-verification/commands.ts'],
  },
};
// Demo data and test factories create rows in whatever state they need; they are not the product.
const EXEMPT = [/^server\/src\/db\/(seed|demo|factories)/, /^server\/src\/test-support\//, /^server\/src\/chaos\//];

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The text of the call's argument list starting at `open` (an opening parenthesis). */
function argumentsAt(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(' || text[i] === '{' || text[i] === '[') depth++;
    else if (text[i] === ')' || text[i] === '}' || text[i] === ']') {
      depth--;
      if (depth === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

const problems = [];
for (const file of files(path.join(root, 'server/src'))) {
  const rel = path.relative(root, file);
  if (EXEMPT.some((re) => re.test(rel))) continue;
  const text = fs.readFileSync(file, 'utf8');
  for (const [table, { column, files: owners }] of Object.entries(OWNERS)) {
    if (owners.includes(rel)) continue;
    const call = new RegExp(`\\.(update|insert)\\(${table}\\)`, 'g');
    for (const match of text.matchAll(call)) {
      const after = text.slice(match.index + match[0].length);
      const verb = match[1] === 'update' ? '.set(' : '.values(';
      const at = after.indexOf(verb);
      // The call's own .set()/.values(), not one of a later statement.
      if (at < 0 || after.slice(0, at).includes(';')) continue;
      if (column.test(argumentsAt(after, at + verb.length - 1))) {
        const line = text.slice(0, match.index).split('\n').length;
        problems.push(`${rel}:${line} writes ${table}'s state; only ${owners.join(', ')} may`);
      }
    }
    const raw = new RegExp(`update\\s+"?${table}"?\\s+set\\s+[^;]*?${column.source}`, 'gi');
    for (const match of text.matchAll(raw)) {
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(`${rel}:${line} writes ${table}'s state in SQL; only ${owners.join(', ')} may`);
    }
  }
}

if (problems.length > 0) {
  console.error(`State written outside its owner (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`State columns written only by their owners (${Object.keys(OWNERS).join(', ')}).`);
