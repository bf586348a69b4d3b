import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatMessages } from '../db/schema';
import { paidConsultation } from '../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { testDriver } from '../test-support/test-database';
import { ChatClient } from './chat-client';
import { SEED } from './payloads';

/**
 * Two participants chat while their connections are cut, from their side and from the server's,
 * at moments fast-check picks (fixed seed). They reconnect and resend what was not acknowledged
 * with the same client message id; in the end every message is stored once and both sides have
 * each one exactly once.
 */
const PER_SIDE = 60;
const SEND_EVERY_MS = 60;

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(25);
  return condition();
}

it('every message is there exactly once for both sides after connections drop and come back', async () => {
  const room = await paidConsultation(t.db);
  const patient = new ChatClient(url, room.patientCookie, room.id, room.patient.id);
  const doctor = new ChatClient(url, room.doctorCookie, room.id, room.doctorUser.id);
  const clients = [patient, doctor];
  for (const c of clients) c.connect();
  await until(() => clients.every((c) => c.joined), 5_000);

  // Drops: who, from which side, and how long until the next one, all drawn from the seed.
  const plan = fc.sample(
    fc.record({
      who: fc.constantFrom(0, 1),
      side: fc.constantFrom('client', 'server'),
      gapMs: fc.integer({ min: 40, max: 350 }),
      pick: fc.nat(),
    }),
    { seed: SEED, numRuns: 400 },
  );
  const drops = { client: 0, server: 0 };
  let sending = true;
  const dropper = (async () => {
    for (const step of plan) {
      if (!sending) return;
      await sleep(step.gapMs);
      const target = clients[step.who];
      if (step.side === 'client') {
        target.ws?.terminate();
        drops.client++;
      } else {
        // The server's end of one of the open sockets (either participant's), cut without a close frame.
        const serverSockets = [...t.app.websocketServer.clients];
        const victim = serverSockets[step.pick % Math.max(1, serverSockets.length)];
        if (victim) {
          victim.terminate();
          drops.server++;
        }
      }
    }
  })();

  for (let i = 0; i < PER_SIDE; i++) {
    patient.send(`patient says ${i}`);
    doctor.send(`doctor says ${i}`);
    await sleep(SEND_EVERY_MS);
  }
  sending = false;
  await dropper;

  const settled = await until(() => clients.every((c) => c.pending.size === 0), 60_000);
  // One last rejoin each, to pick up the other side's final messages through the replay too.
  const connectsBefore = clients.map((c) => c.stats.connects);
  for (const c of clients) c.ws?.terminate();
  await until(() => clients.every((c, i) => c.stats.connects > connectsBefore[i] && c.joined), 30_000);
  const allIds = [...patient.sent, ...doctor.sent];
  await until(() => clients.every((c) => allIds.every((id) => c.storedIdsByClientId().has(id))), 30_000);
  for (const c of clients) c.stop();

  const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.consultationId, room.id));
  const storedCount = new Map<string, number>();
  for (const r of rows)
    if (r.clientMessageId) storedCount.set(r.clientMessageId, (storedCount.get(r.clientMessageId) ?? 0) + 1);
  const missingInDb = allIds.filter((id) => !storedCount.has(id));
  const twiceInDb = [...storedCount].filter(([, n]) => n > 1);
  const perSide = clients.map((c) => {
    const seen = c.storedIdsByClientId();
    return {
      missing: allIds.filter((id) => !seen.has(id)).length,
      twice: [...seen.values()].filter((ids) => ids.size > 1).length,
    };
  });

  const storedIdOf = new Map(rows.map((r) => [r.clientMessageId, r.id]));
  const explain = clients.flatMap((c, i) => {
    const seen = c.storedIdsByClientId();
    return allIds
      .filter((id) => !seen.has(id))
      .map((id) => {
        const storedId = storedIdOf.get(id) ?? -1;
        const skippedBy = c.rejoinedAfter.filter((after) => after >= storedId);
        return `  ${i ? 'doctor' : 'patient'} never got #${storedId}${skippedBy.length ? `; rejoined after #${skippedBy.join(', #')} without it, so no replay could bring it` : ''}`;
      });
  });
  console.log(
    [
      '',
      `Socket test (${testDriver}, seed ${SEED}): ${allIds.length} messages sent by two participants`,
      `  drops: ${drops.client} client-side, ${drops.server} server-side; connects: patient ${patient.stats.connects}, doctor ${doctor.stats.connects}`,
      `  resends: patient ${patient.stats.resends}, doctor ${doctor.stats.resends}; refused for the moment: patient ${JSON.stringify(patient.stats.refusedWith)}, doctor ${JSON.stringify(doctor.stats.refusedWith)}`,
      `  stored: ${rows.length} rows, ${storedCount.size} distinct; missing ${missingInDb.length}, stored twice ${twiceInDb.length}`,
      `  patient sees: missing ${perSide[0].missing}, twice ${perSide[0].twice}; doctor sees: missing ${perSide[1].missing}, twice ${perSide[1].twice}`,
      ...explain,
    ].join('\n'),
  );

  expect(settled, 'every message was acknowledged in the end').toBe(true);
  expect(drops.client + drops.server).toBeGreaterThan(5);
  expect(missingInDb).toEqual([]);
  expect(twiceInDb).toEqual([]);
  expect(rows.length).toBe(allIds.length);
  expect(perSide).toEqual([
    { missing: 0, twice: 0 },
    { missing: 0, twice: 0 },
  ]);
});
