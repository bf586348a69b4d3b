import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test-support/test-app';
import { doctors, reviews } from './schema';
import { seedDemo } from './seed';
import { SEED_COUNTRIES } from './seed-data/countries';
import { coverageOf, US_ONLY_INSURERS, US_ONLY_PAYMENTS } from './seed-data/coverage';

// What a new user checks on the demo doctors: reviews that add up, insurers of the doctor's
// country, years that fit the degree, and sentences that read right.
let t: TestContext;
let all: (typeof doctors.$inferSelect)[];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { doctors: 220 });
  all = await t.db.select().from(doctors);
});
afterAll(() => t.close());

describe('the demo directory', () => {
  it('shows every doctor the review count and rating of the reviews written for them', async () => {
    const rows = await t.db
      .select({
        id: reviews.doctorId,
        n: sql<number>`count(*)::int`,
        avg: sql<number>`round(avg(${reviews.rating})::numeric, 2)::float8`,
        written: sql<number>`count(${reviews.comment})::int`,
      })
      .from(reviews)
      .groupBy(reviews.doctorId);
    const byDoctor = new Map(rows.map((row) => [row.id, row]));
    for (const doctor of all) {
      const written = byDoctor.get(doctor.id);
      expect({ count: doctor.reviewCount, rating: doctor.averageRating }).toEqual({
        count: written?.n ?? 0,
        rating: written?.avg ?? null,
      });
      expect(doctor.reviewCount).toBeLessThanOrEqual(40);
    }
    // Most reviews are written, not stars alone.
    const totals = rows.reduce((a, r) => ({ n: a.n + r.n, written: a.written + r.written }), { n: 0, written: 0 });
    expect(totals.written / totals.n).toBeGreaterThan(0.75);
  });

  it('names reviewers "First L." and uses many different texts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/doctors/${all[5].id}/reviews` });
    expect(res.statusCode).toBe(200);
    for (const review of res.json()) expect(review.patientName).toMatch(/^\S.* [A-ZÀ-Ý]\.$/u);
    const [texts] = await t.db.select({ distinct: sql<number>`count(distinct ${reviews.comment})::int` }).from(reviews);
    expect(texts.distinct).toBeGreaterThan(150);
  });

  it('spreads ratings realistically: mostly high, none below 3.5, some below 4.5, not all equal', () => {
    const ratings = all.map((d) => d.averageRating!);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(3.5);
    expect(ratings.filter((r) => r < 4.5).length).toBeGreaterThan(all.length / 10);
    expect(ratings.filter((r) => r >= 4).length).toBeGreaterThan(all.length * 0.7);
    expect(new Set(ratings).size).toBeGreaterThan(30);
  });

  it("lists only insurers and payments of the doctor's own country, and Medicare or Medicaid only in the US", () => {
    const codeOf = new Map(SEED_COUNTRIES.map((c) => [c.name, c.code]));
    for (const doctor of all) {
      const coverage = coverageOf(codeOf.get(doctor.country)!);
      expect(doctor.insuranceAccepted.filter((name) => !coverage.insurers.includes(name))).toEqual([]);
      expect(doctor.paymentOptions.filter((name) => !coverage.payments.includes(name))).toEqual([]);
      if (doctor.country !== 'United States') {
        const usOnly: readonly string[] = [...US_ONLY_INSURERS, ...US_ONLY_PAYMENTS];
        expect([...doctor.insuranceAccepted, ...doctor.paymentOptions].filter((n) => usOnly.includes(n))).toEqual([]);
      }
    }
    const kigali = all.find((d) => d.country === 'Rwanda')!;
    expect(kigali.insuranceAccepted.length).toBeGreaterThan(0);
  });

  it('gives experience that fits the year of the degree, after which training came first', () => {
    const year = new Date().getFullYear();
    for (const doctor of all) {
      const graduated = Number(doctor.education!.match(/, (\d{4})$/)![1]);
      const [, from, to] = doctor.residency!.match(/(\d{4})–(\d{4})$/)!.map(Number);
      expect(doctor.experience!).toBeLessThanOrEqual(year - graduated);
      expect(doctor.experience!).toBeGreaterThanOrEqual(1);
      expect(from).toBeGreaterThan(graduated);
      expect(to).toBeLessThanOrEqual(year);
      expect(doctor.practiceYears!).toBeLessThanOrEqual(year - to + 1);
      // Qualified at about 24, so nobody in the directory is past seventy.
      expect(year - graduated + 24).toBeLessThan(70);
    }
  });

  it('writes bios and reviews without "a" before a vowel sound', async () => {
    const rows = await t.db.selectDistinct({ comment: reviews.comment }).from(reviews);
    const allTexts = [...all.map((d) => d.about ?? ''), ...rows.map((r) => r.comment ?? '')];
    const wrong = allTexts.filter((text) =>
      /(?<!\p{L})a [aeio]|(?<!\p{L})a u(?!r|n|s)|(?<!\p{L})an (?:[bcdfgjkpqrstvwyz]|u[rs])/iu.test(text),
    );
    expect(wrong).toEqual([]);
    expect(allTexts.filter((text) => /\s{2}|\{doctor\}/.test(text))).toEqual([]);
  });
});
