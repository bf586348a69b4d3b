import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor, type NewDoctor } from '../../db/factories';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { specialtyFromAnyLanguage } from './specialty-words';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = (doctor: Partial<NewDoctor>) =>
  createDoctor(t.db, { doctor: { isVerified: true, isActive: true, ...doctor } });
const ids = async (query: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/doctors/search?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((d) => d.id);
};

describe('search in any language (issue 28, item 5)', () => {
  it('a specialty typed in Spanish or Arabic finds the doctors of that specialty', async () => {
    const country = `Testland ${randomUUID().slice(0, 8)}`;
    const cardio = await add({ country, specialty: 'Cardiology', location: 'Zyxville' });
    await add({ country, specialty: 'Neurology', location: 'Qwerton' });
    for (const q of ['cardiología', 'CARDIOLOGIA', 'أمراض القلب', 'امراض القلب', 'القلب'])
      expect(await ids({ country, q }), q).toEqual([cardio.doctor.id]);
    // Short fragments and unknown words are not read as a specialty: they stay a place.
    expect(await ids({ country, q: 'zyx' })).toEqual([cardio.doctor.id]);
  });

  it('reads names by folding case, accents and Arabic letter forms, and needs three letters', () => {
    expect(specialtyFromAnyLanguage('pediatría')).toBe('Pediatrics');
    expect(specialtyFromAnyLanguage('  Medicina   INTERNA ')).toBe('Internal Medicine');
    expect(specialtyFromAnyLanguage('طب الاطفال')).toBe('Pediatrics');
    expect(specialtyFromAnyLanguage('ía')).toBeUndefined();
    expect(specialtyFromAnyLanguage('Lagos')).toBeUndefined();
  });
});
