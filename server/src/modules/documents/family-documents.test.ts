import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor } from '../../db/factories';
import { documents } from '../../db/schema';
import { multipartForm as form } from '../../test-support/multipart';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/*
 * A patient files a document in a family member's record (issue 42): only their own, live member;
 * the list says whose record it is in.
 */

let t: TestContext;
type Who = { id: string; cookie: string };
let ana: Who;
let stranger: Who;
let doctor: Who;
let mayaId: string;

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(200, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const upload = (who: Who, fields: Record<string, string>) => {
  const body = form({ bytes: PDF, name: 'vaccination.pdf', type: 'application/pdf' }, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
};
const rowsOf = (patientId: string) => t.db.select().from(documents).where(eq(documents.patientId, patientId));

beforeAll(async () => {
  t = await createTestApp();
  const a = await signedInUser(t.db, { firstName: 'Ana', lastName: 'García' });
  ana = { id: a.user.id, cookie: a.cookie };
  const s = await signedInUser(t.db, { firstName: 'Sam', lastName: 'Stone' });
  stranger = { id: s.user.id, cookie: s.cookie };
  const d = await createDoctor(t.db, { user: { firstName: 'Dora', lastName: 'Okafor' } });
  doctor = { id: d.user.id, cookie: await cookieFor(t.db, d.user) };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/family-members',
    headers: { cookie: ana.cookie },
    payload: { firstName: 'Maya', lastName: 'García', dateOfBirth: '2018-05-04', relationship: 'child' },
  });
  mayaId = res.json().id;
});
afterAll(async () => t?.close());

describe("filing a document in a family member's record", () => {
  it("another patient's member, a doctor naming a member, or a malformed id: 404/400 and nothing stored", async () => {
    expect((await upload(stranger, { familyMemberId: mayaId })).statusCode).toBe(404);
    expect((await upload(doctor, { patientId: ana.id, familyMemberId: mayaId })).statusCode).toBe(404);
    const malformed = await upload(ana, { familyMemberId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe('Family member not found.');
    expect(await rowsOf(stranger.id)).toEqual([]);
    expect(await rowsOf(ana.id)).toEqual([]);
  });

  it("the holder files it under Maya: stored in Ana's record, named as Maya's in the reply and the list", async () => {
    const res = await upload(ana, { title: 'Maya vaccination card', familyMemberId: mayaId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Maya vaccination card', familyMemberId: mayaId });
    const own = await upload(ana, { title: 'My blood test' });
    expect(own.json().familyMemberId).toBeNull();
    const list = await t.app.inject({ url: '/api/documents', headers: { cookie: ana.cookie } });
    const byTitle = Object.fromEntries(
      (list.json().documents as { title: string; familyMemberId: string | null }[]).map((d) => [d.title, d]),
    );
    expect(byTitle['Maya vaccination card'].familyMemberId).toBe(mayaId);
    expect(byTitle['My blood test'].familyMemberId).toBeNull();
  });

  it('a removed member can no longer have documents filed for them', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/family-members/${mayaId}`, headers: { cookie: ana.cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await upload(ana, { familyMemberId: mayaId })).statusCode).toBe(404);
    expect((await rowsOf(ana.id)).length).toBe(2);
  });
});
