import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_MEMBER_LIMIT } from '@common/constants/family';
import { fixedClock } from '../../core/clock';
import { familyMembers } from '../../db/schema';
import { createUser } from '../../db/factories';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

// A fixed clock on a known day, so "in the future" does not depend on when the test runs.
const clock = fixedClock(new Date('2026-12-02T12:00:00Z'));
let t: TestContext;
type Who = { id: string; cookie: string };
let holder: Who;
let stranger: Who;
let doctor: Who;

const who = async (userType: 'patient' | 'doctor', firstName: string): Promise<Who> => {
  const { user, cookie } = await signedInUser(t.db, { userType, firstName, lastName: 'García' });
  return { id: user.id, cookie };
};
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: Who,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { cookie: as.cookie, ...headers }, ...(payload ? { payload } : {}) });

const maya = { firstName: 'Maya', lastName: 'García', dateOfBirth: '2018-05-04', relationship: 'child' };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  holder = await who('patient', 'Ana');
  stranger = await who('patient', 'Sam');
  doctor = await who('doctor', 'Dora');
});
afterAll(async () => t?.close());

describe('family members: what a stranger cannot do', () => {
  it("another patient's member is 404 to read, change and delete, and is left as it was", async () => {
    const created = await call('POST', '/api/family-members', holder, maya);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const read = await call('GET', `/api/family-members/${id}`, stranger);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Family member not found.');
    expect((await call('PUT', `/api/family-members/${id}`, stranger, { ...maya, firstName: 'Eve' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/family-members/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/family-members', stranger)).json()).toEqual([]);
    // A doctor with no visit for the member is a stranger too.
    expect((await call('GET', `/api/family-members/${id}`, doctor)).statusCode).toBe(404);
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.id, id));
    expect(row).toMatchObject({ firstName: 'Maya', deletedAt: null });
  });

  it('bad input is a 400 naming the field, and nothing is stored', async () => {
    const before = (await t.db.select().from(familyMembers).where(eq(familyMembers.holderId, holder.id))).length;
    const cases: [object, string, string][] = [
      [{ ...maya, firstName: 'Ma\u0000ya' }, 'firstName', 'First name contains characters that are not allowed'],
      [{ ...maya, lastName: 'Gar\u0007cía' }, 'lastName', 'Last name contains characters that are not allowed'],
      [{ ...maya, firstName: '   ' }, 'firstName', 'First name is required'],
      [{ ...maya, dateOfBirth: '2018-02-30' }, 'dateOfBirth', 'Date of birth must be a date like 2015-04-21'],
      [{ ...maya, dateOfBirth: '2026-12-03' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
      [{ ...maya, dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'Date of birth cannot be before 1900'],
      [{ ...maya, relationship: 'cousin' }, 'relationship', 'Choose child, parent, spouse, sibling or other'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/family-members', holder, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field]).toBe(message);
    }
    const after = (await t.db.select().from(familyMembers).where(eq(familyMembers.holderId, holder.id))).length;
    expect(after).toBe(before);
  });

  it('errors are said in Spanish and Arabic', async () => {
    const es = await call(
      'POST',
      '/api/family-members',
      holder,
      { ...maya, dateOfBirth: '2030-01-01' },
      {
        'accept-language': 'es',
      },
    );
    expect(es.json().message).toBe('La fecha de nacimiento no puede estar en el futuro');
    const ar = await call('GET', '/api/family-members/00000000-0000-4000-8000-000000000000', holder, undefined, {
      'accept-language': 'ar',
    });
    expect(ar.statusCode).toBe(404);
    expect(ar.json().message).toBe('لم يُعثر على فرد العائلة.');
  });

  it(`the ${FAMILY_MEMBER_LIMIT + 1}th member is refused with a 409; deleting one makes room`, async () => {
    const { user, cookie } = await signedInUser(t.db, { firstName: 'Big', lastName: 'Family' });
    const big = { id: user.id, cookie };
    for (let i = 0; i < FAMILY_MEMBER_LIMIT; i++) {
      const res = await call('POST', '/api/family-members', big, { ...maya, firstName: `Kid${i}` });
      expect(res.statusCode).toBe(201);
    }
    const over = await call('POST', '/api/family-members', big, { ...maya, firstName: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${FAMILY_MEMBER_LIMIT}`);
    const list = (await call('GET', '/api/family-members', big)).json() as { id: string }[];
    expect(list).toHaveLength(FAMILY_MEMBER_LIMIT);
    expect((await call('DELETE', `/api/family-members/${list[0].id}`, big)).statusCode).toBe(204);
    expect((await call('POST', '/api/family-members', big, { ...maya, firstName: 'Room now' })).statusCode).toBe(201);
  });

  it('concurrent adds cannot pass the limit', async () => {
    const { user, cookie } = await signedInUser(t.db, { firstName: 'Race', lastName: 'Family' });
    const racer = { id: user.id, cookie };
    const results = await Promise.all(
      Array.from({ length: FAMILY_MEMBER_LIMIT + 3 }, (_, i) =>
        call('POST', '/api/family-members', racer, { ...maya, firstName: `R${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(FAMILY_MEMBER_LIMIT);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });

  it('a doctor cannot add family members', async () => {
    expect((await call('POST', '/api/family-members', doctor, maya)).statusCode).toBe(403);
  });
});

describe('family members: export and account deletion', () => {
  it('the data export lists every member, removed ones with when; deleting the account removes them', async () => {
    const password = 'correct horse battery';
    const user = await createUser(t.db, { firstName: 'Eva', lastName: 'Export', password });
    const me = { id: user.id, cookie: await cookieFor(t.db, user) };
    const kept = (await call('POST', '/api/family-members', me, maya)).json();
    const removed = (await call('POST', '/api/family-members', me, { ...maya, firstName: 'Gone' })).json();
    await call('DELETE', `/api/family-members/${removed.id}`, me);
    const exported = await call('GET', '/api/patients/me/export', me);
    expect(exported.statusCode).toBe(200);
    const members = exported.json().familyMembers as { id: string; deletedAt: string | null }[];
    // Added at the same instant (the fixed clock): compared in any order.
    expect(members.map((m) => [m.id, m.deletedAt === null]).sort()).toEqual(
      [
        [kept.id, true],
        [removed.id, false],
      ].sort(),
    );
    expect(exported.json().ifYouDeleteYourAccount.erased.join(' ')).toContain('family members you added');
    // A stranger's export holds none of them.
    expect((await call('GET', '/api/patients/me/export', stranger)).json().familyMembers).toEqual([]);

    const deleted = await call('POST', '/api/patients/me/delete', me, { password });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await t.db.select().from(familyMembers).where(eq(familyMembers.holderId, me.id))).toEqual([]);
  });
});

describe('family members: the holder', () => {
  it('adds, lists, reads, changes and removes; a removed member is 404 and its row is kept', async () => {
    const { user, cookie } = await signedInUser(t.db, { firstName: 'Lina', lastName: 'Okafor' });
    const me = { id: user.id, cookie };
    const created = await call('POST', '/api/family-members', me, {
      firstName: '  Tomás ',
      lastName: 'Okafor',
      dateOfBirth: '1950-01-31',
      relationship: 'parent',
    });
    expect(created.statusCode).toBe(201);
    const member = created.json();
    expect(member).toMatchObject({ firstName: 'Tomás', dateOfBirth: '1950-01-31', relationship: 'parent' });
    expect((await call('GET', '/api/family-members', me)).json()).toEqual([member]);
    expect((await call('GET', `/api/family-members/${member.id}`, me)).json()).toEqual(member);
    const changed = await call('PUT', `/api/family-members/${member.id}`, me, {
      firstName: 'Tomás',
      lastName: 'Okafor Díaz',
      dateOfBirth: '1950-01-30',
      relationship: 'parent',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ lastName: 'Okafor Díaz', dateOfBirth: '1950-01-30' });
    expect((await call('DELETE', `/api/family-members/${member.id}`, me)).statusCode).toBe(204);
    expect((await call('GET', '/api/family-members', me)).json()).toEqual([]);
    expect((await call('GET', `/api/family-members/${member.id}`, me)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/family-members/${member.id}`, me)).statusCode).toBe(404);
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.id, member.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it('a retried add with the same Idempotency-Key adds one member and answers the same', async () => {
    const { user, cookie } = await signedInUser(t.db, { firstName: 'Ida', lastName: 'Key' });
    const me = { id: user.id, cookie };
    const headers = { 'idempotency-key': 'family-add-0001' };
    const first = await call('POST', '/api/family-members', me, maya, headers);
    const again = await call('POST', '/api/family-members', me, maya, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await call('GET', '/api/family-members', me)).json()).toHaveLength(1);
  });
});
