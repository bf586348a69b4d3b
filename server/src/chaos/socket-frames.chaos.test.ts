import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_ERROR_CODES, clientMessageSchema, type ServerMessage } from '@common/schemas/realtime';
import { openSocket, paidConsultation, type TestSocket } from '../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { testDriver } from '../test-support/test-database';
import { payloadsFor, SEED, type Payload } from './payloads';
import { baselineFor, fieldsOf } from './schema-walk';

/**
 * The socket's counterpart of the route fuzz, generated from the client frame schema: every frame
 * type and field gets the same hostile values, a few at a time on a fresh socket, while another
 * socket in the same room sends a valid message. No frame may make the server fail
 * (`unavailable`), every refusal is an `error` frame with a known code, and the valid message
 * next to the hostile ones is always stored and echoed.
 */
let t: TestContext;
let url: string;
let room: Awaited<ReturnType<typeof paidConsultation>>;
let other: Awaited<ReturnType<typeof paidConsultation>>;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
  room = await paidConsultation(t.db);
  other = await paidConsultation(t.db);
});
afterAll(() => t.close());

const variants = (clientMessageSchema as unknown as { options: z.ZodType[] }).options;

type Frame = { where: string; kind: string; raw: string | Buffer };

const MAX_FRAME = 64 * 1024;

function closeCode(socket: TestSocket): Promise<number> {
  if (socket.ws.readyState === socket.ws.CLOSED) return Promise.resolve(closeCodes.get(socket.ws) ?? -1);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(-1), 5_000);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
const closeCodes = new WeakMap<object, number>();

function framesFor(variant: z.ZodType): Frame[] {
  const ids = (field: string) => (field === 'consultationId' ? room.id : randomUUID());
  const base = baselineFor(variant, ids, SEED).value as Record<string, unknown>;
  const frames: Frame[] = [];
  for (const field of fieldsOf(variant)) {
    if (field.path[0] === 'type') continue;
    const where = `${String(base.type)}.${field.path.join('.')}`;
    const extra: Payload[] =
      field.path[0] === 'message'
        ? [
            { kind: '2,000 CJK characters', value: '漢'.repeat(2000) },
            { kind: '2,000 characters that JSON escapes', value: '"\\'.repeat(1000) },
            { kind: 'tabs and newlines', value: 'a\tb\nc\r\nd' },
            { kind: '2,000 control characters', value: `x${'\u0001'.repeat(1998)}x` },
            { kind: '2,000 lone surrogates', value: '\ud800'.repeat(2000) },
            { kind: '2,000 characters, 1,000 lines', value: 'a\n'.repeat(1000) },
          ]
        : [];
    for (const { kind, value } of [
      ...payloadsFor(`ws|${where}`, { "another consultation's id": other.id }),
      ...extra,
    ]) {
      const frame = structuredClone(base);
      let node = frame;
      for (const key of field.path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
      node[field.path.at(-1)!] = value;
      frames.push({ where, kind, raw: JSON.stringify(frame) });
    }
  }
  return frames;
}

const RAW: Frame[] = [
  { where: 'frame', kind: 'not JSON', raw: '{"type": "send_message",' },
  { where: 'frame', kind: 'empty', raw: '' },
  { where: 'frame', kind: 'JSON null', raw: 'null' },
  { where: 'frame', kind: 'JSON array', raw: '[1,2]' },
  { where: 'frame', kind: 'unknown type', raw: '{"type":"drop_tables"}' },
  { where: 'frame', kind: 'no type', raw: `{"consultationId":"${randomUUID()}"}` },
  { where: 'frame', kind: 'binary', raw: Buffer.from([0, 1, 2, 255, 254]) },
  { where: 'frame', kind: 'deeply nested', raw: '['.repeat(3000) + ']'.repeat(3000) },
  {
    where: 'frame',
    kind: 'just over 64 KiB',
    raw: JSON.stringify({ type: 'send_message', message: 'a'.repeat(MAX_FRAME) }),
  },
  { where: 'frame', kind: 'prototype pollution', raw: '{"type":"send_message","__proto__":{"x":1}}' },
];

async function joined(cookie: string, consultationId: string): Promise<TestSocket> {
  const socket = await openSocket(url, cookie);
  socket.ws.once('close', (code) => closeCodes.set(socket.ws, code));
  socket.send({ type: 'join_consultation', consultationId });
  await socket.next('history');
  return socket;
}

const MAX_FRAME_OVERSIZED = (f: Frame) => Buffer.byteLength(f.raw) > MAX_FRAME;
const stats = { probes: 0, closedAsTooBig: 0, refusals: new Map<string, number>() };

/** Sends hostile frames on a fresh socket while a bystander in the room and a stranger elsewhere each send a valid message. */
async function runChunk(chunk: Frame[], count = true): Promise<string[]> {
  const failures: string[] = [];
  const attacker = await joined(room.patientCookie, room.id);
  const bystander = await joined(room.doctorCookie, room.id);
  const stranger = await joined(other.patientCookie, other.id);
  for (const frame of chunk) attacker.ws.send(frame.raw);
  const probeIds = [randomUUID(), randomUUID()];
  bystander.send({
    type: 'send_message',
    consultationId: room.id,
    message: 'still here',
    clientMessageId: probeIds[0],
  });
  stranger.send({ type: 'send_message', consultationId: other.id, message: 'unrelated', clientMessageId: probeIds[1] });
  for (const [who, socket, id] of [
    ['the other participant', bystander, probeIds[0]],
    ['a participant of another consultation', stranger, probeIds[1]],
  ] as const) {
    if (count) stats.probes++;
    const echo = await Promise.race([
      socket.next('message', (m) => m.clientMessageId === id, 8_000).then(() => 'stored'),
      socket.next('error', undefined, 8_000).then((e) => `refused with ${e.code}`),
    ]).catch(() => 'never answered');
    if (echo !== 'stored') failures.push(`valid message of ${who} ${echo}`);
  }
  await new Promise((r) => setTimeout(r, 30)); // late answers to the hostile frames
  const errors = attacker.received.filter((m): m is Extract<ServerMessage, { type: 'error' }> => m.type === 'error');
  for (const e of errors) {
    if (count) stats.refusals.set(e.code, (stats.refusals.get(e.code) ?? 0) + 1);
    if (e.code === 'unavailable' || !REALTIME_ERROR_CODES.includes(e.code))
      failures.push(`hostile frame answered ${e.code}: ${e.message}`);
  }
  if (chunk.some(MAX_FRAME_OVERSIZED)) {
    const code = await closeCode(attacker);
    if (code === 1009 && count) stats.closedAsTooBig++;
    if (code !== 1009) failures.push(`socket closed with ${code}, not 1009 (message too big)`);
  } else if (attacker.ws.readyState !== attacker.ws.OPEN) failures.push('the server closed the socket');
  for (const s of [attacker, bystander, stranger]) await s.close();
  return failures;
}

it('no client frame makes the server fail, and a valid message beside hostile ones is always stored', async () => {
  const frames = [...variants.flatMap(framesFor), ...RAW];
  // A frame over the 64 KiB limit closes its socket (1009) by design, so it goes alone and that
  // close is expected; the others go nine at a time (under the burst of ten chat messages).
  const normal = frames.filter((f) => !MAX_FRAME_OVERSIZED(f));
  const chunks = [
    ...frames.filter(MAX_FRAME_OVERSIZED).map((f) => [f]),
    ...Array.from({ length: Math.ceil(normal.length / 9) }, (_, i) => normal.slice(i * 9, i * 9 + 9)),
  ];
  const failures: string[] = [];
  for (const chunk of chunks) {
    const together = await runChunk(chunk);
    if (!together.length) continue;
    // Name the culprits: each frame of a failing batch again on its own.
    for (const frame of chunk) {
      for (const f of await runChunk([frame], false)) failures.push(`${frame.where} · ${frame.kind} → ${f}`);
    }
    for (const f of together) failures.push(`batch [${chunk.map((x) => `${x.where} · ${x.kind}`).join(', ')}] → ${f}`);
  }
  console.log(
    [
      '',
      `Socket frame fuzz (${testDriver}, seed ${SEED}): ${frames.length} hostile frames over ${variants.length} frame types, ${stats.probes} valid messages beside them`,
      `  refusals by code: ${JSON.stringify(Object.fromEntries(stats.refusals))}; oversized frames closed with 1009: ${stats.closedAsTooBig}`,
      `  failures: ${failures.length}`,
      ...failures.map((f) => `  SOCKET FUZZ FAIL ${f}`),
    ].join('\n'),
  );
  expect(failures).toEqual([]);
});
