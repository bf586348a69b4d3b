/**
 * The patient's own list, whole against a page at a time (issue 39 item 5, decision 113).
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:54330/postgres npm run bench:patient-list [-- --visits 130]
 * Creates a throwaway database, gives 30 patients `--visits` appointments each (a fifth
 * cancelled, some held, the rest confirmed, ten days in the past onwards), then reads each
 * patient's list ten times three ways: the whole list (GET /api/appointments/patient, up to 200),
 * and the first upcoming and first past page (GET /api/patient/appointments). Prints the time per
 * read as the app sees it and PostgreSQL's own execution time (pg_stat_statements, when the
 * server preloads it).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { createAppointment, createDoctor, createUser } from '../../server/src/db/factories';
import { listPatientAppointments } from '../../server/src/modules/appointments/service';
import { patientAppointmentPage } from '../../server/src/modules/appointments/patient-pages';

const { values } = parseArgs({ options: { visits: { type: 'string', default: '130' } } });
const visits = Number(values.visits);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:54330/postgres';
const name = `medora_bench_patient_list_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
const watcher = new pg.Client({ connectionString: url });
try {
  await runMigrations(database);
  const { db } = database;
  const doctors = await Promise.all(Array.from({ length: 20 }, () => createDoctor(db)));
  const patients: string[] = [];
  for (let p = 0; p < 30; p++) {
    const user = await createUser(db, { email: `bench-patient-${p}@example.test` });
    patients.push(user.id);
    for (let i = 0; i < visits; i++) {
      const status = i % 5 === 0 ? 'cancelled' : i % 7 === 0 ? 'pending' : 'confirmed';
      const startsAt = new Date(Date.now() + (i - 10) * 86_400_000 + p * 60_000);
      await createAppointment(db, { patientId: user.id, doctorId: doctors[(i + p) % 20].doctor.id, startsAt, status });
    }
  }
  await watcher.connect();
  await watcher.query('analyze');
  const stats = await watcher
    .query('create extension if not exists pg_stat_statements')
    .then(() => watcher.query('select pg_stat_statements_reset()'))
    .then(() => true)
    .catch(() => false);
  const now = new Date();
  const ways: [string, (id: string) => Promise<unknown>][] = [
    ['whole list (up to 200)', (id) => listPatientAppointments(db, id)],
    ['first upcoming page (20)', (id) => patientAppointmentPage(db, id, { when: 'upcoming', limit: 20 }, now)],
    ['first past page (20)', (id) => patientAppointmentPage(db, id, { when: 'past', limit: 20 }, now)],
  ];
  const rows: string[] = [];
  for (const [label, read] of ways) {
    for (const id of patients) await read(id); // warm: plans cached, pages in memory
    if (stats) await watcher.query('select pg_stat_statements_reset()');
    const started = performance.now();
    for (let r = 0; r < 10; r++) for (const id of patients) await read(id);
    const perRead = (performance.now() - started) / (10 * patients.length);
    const exec = stats
      ? (
          await watcher.query<{ ms: number }>(
            `select coalesce(sum(total_exec_time), 0) / ${10 * patients.length} as ms from pg_stat_statements
             where query like '%"appointments"%' and query not like '%pg_stat_statements%'`,
          )
        ).rows[0].ms
      : NaN;
    rows.push(`| ${label} | ${perRead.toFixed(2)} | ${stats ? Number(exec).toFixed(3) : 'n/a'} |`);
  }
  console.log(`\n${patients.length} patients, ${visits} visits each; each way read ${10 * patients.length} times\n`);
  console.log('| read | ms per read, as the app waits | PostgreSQL execution ms per read |\n|---|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  await watcher.end().catch(() => undefined);
  await database.close();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}
