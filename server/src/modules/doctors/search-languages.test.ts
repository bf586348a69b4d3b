import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor, type NewDoctor } from '../../db/factories';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { countryFromAnyLanguage, specialtyFromAnyLanguage } from './specialty-words';

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

  it('a country typed in Spanish or Arabic finds the doctors in it, unless a place has the text', async () => {
    const specialty = 'Dermatology';
    const location = `Villa ${randomUUID().slice(0, 8)}`;
    const egypt = await add({ country: 'Egypt', specialty, location });
    const byCountry = async (q: string) => (await ids({ q, specialty, location })).includes(egypt.doctor.id);
    for (const q of ['Egipto', 'egipto', 'مصر', 'Egypt']) expect(await byCountry(q), q).toBe(true);
    // Another country's name in Spanish does not find a doctor in Egypt.
    expect(await byCountry('España')).toBe(false);
    const known = ['United Kingdom', 'United Arab Emirates', 'Turkey', 'Egypt'];
    expect(countryFromAnyLanguage('Reino Unido', known)).toBe('United Kingdom');
    expect(countryFromAnyLanguage('الإمارات', known)).toBe('United Arab Emirates');
    expect(countryFromAnyLanguage('Turquía', known)).toBe('Turkey');
    expect(countryFromAnyLanguage('xx', known)).toBeUndefined();
  });

  it('filters by a language the doctor speaks, and offers the languages listed doctors speak with counts', async () => {
    const country = `Langland ${randomUUID().slice(0, 8)}`;
    const both = await add({ country, languages: ['English', 'Swahili'] });
    const english = await add({ country, languages: ['English'] });
    await add({ country, languages: [] });
    expect((await ids({ country, language: 'Swahili' })).sort()).toEqual([both.doctor.id]);
    expect((await ids({ country, language: 'English' })).sort()).toEqual([both.doctor.id, english.doctor.id].sort());
    // A language nobody lists, or written otherwise than the options, finds nobody (not an error).
    expect(await ids({ country, language: 'Klingon' })).toEqual([]);
    const filters = await t.app.inject({ url: '/api/doctors/filters' });
    const swahili = (filters.json() as { languages: { value: string; count: number }[] }).languages.find(
      (o) => o.value === 'Swahili',
    );
    expect(swahili?.count).toBeGreaterThanOrEqual(1);
  });

  it('refuses a hostile language filter with a clear 400', async () => {
    for (const language of ['Eng\u0000lish', 'x'.repeat(41)]) {
      const res = await t.app.inject({ url: `/api/doctors/search?${new URLSearchParams({ language })}` });
      expect(res.statusCode, language).toBe(400);
      expect(res.json().message).toMatch(/Language/);
    }
  });
});
