import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor } from '../../db/factories';
import { createTestApp, type TestContext } from '../../test-support/test-app';

/**
 * Issue 40: searching Find Doctors for a doctor's name ("Okafor") found nobody, because free text
 * was read only as a specialty, a place or a country. A name is now matched in any of the
 * product's scripts, after those three, and only among listed doctors.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tag = () => randomUUID().replace(/\d/g, '').slice(0, 6);
const add = (firstName: string, lastName: string, listed = true) =>
  createDoctor(t.db, {
    user: { firstName, lastName },
    doctor: { isVerified: listed, isActive: true, specialty: 'Dermatology', location: 'Lagos', country: 'Nigeria' },
  });
const ids = async (q: string) => {
  const res = await t.app.inject({ url: `/api/doctors/search?${new URLSearchParams({ q, limit: '50' })}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((d) => d.id);
};

describe('search by a doctor’s name', () => {
  it('finds a surname, a full name in either order, with a title, accents or not', async () => {
    const surname = `Okafor${tag()}`;
    const okafor = await add('Chinedu', surname);
    const other = await add('Chinedu', `Eze${tag()}`);
    expect(await ids(surname)).toEqual([okafor.doctor.id]);
    expect(await ids(`Dr. ${surname.toUpperCase()}`)).toEqual([okafor.doctor.id]);
    expect(await ids(`${surname} chinedu`)).toEqual([okafor.doctor.id]);
    expect(await ids(`${surname.slice(0, 9)}`)).toEqual([okafor.doctor.id]);
    expect(await ids(`Chinedu ${surname}`)).not.toContain(other.doctor.id);

    const gomez = `Gómez${tag()}`;
    const maria = await add('María', gomez);
    expect(await ids(`dra maria ${gomez.replace('ó', 'o')}`)).toEqual([maria.doctor.id]);
  });

  it('finds a name written in Arabic script, whatever the letter forms and vowel marks', async () => {
    const family = `الخطيب${tag()}`;
    const ahmad = await add('أحمد', family);
    expect(await ids(`د. احمد ${family}`)).toEqual([ahmad.doctor.id]);
    expect(await ids(family)).toEqual([ahmad.doctor.id]);
  });

  it('never finds a doctor who is not listed, and a specialty or place still wins over a name', async () => {
    const hidden = `Hidden${tag()}`;
    await add('Nobody', hidden, false);
    expect(await ids(hidden)).toEqual([]);
    // "Lagos" is a place the doctors practise in: read as the place, not as a name.
    const lagos = await add('Lagos', `Name${tag()}`);
    expect(await ids('Lagos')).toContain(lagos.doctor.id);
    expect((await ids('Lagos')).length).toBeGreaterThan(1);
  });
});
