/**
 * The uncached long tail: searches that each appear once, so every request misses the directory
 * cache and reaches PostgreSQL. The mix, per request (a seeded generator, so runs compare):
 *   sort            rating 40 %, price_asc 25 %, price_desc 15 %, reviews 20 %
 *   specialty       50 % (uniform over the seeded specialties)
 *   country         35 % (uniform over the seeded countries)
 *   location        10 % (a city or the first 3–5 letters of one)
 *   fee range       60 % (min $0–$250 and/or max $80–$400, in $5 steps, min ≤ max)
 *   free text       10 % instead of the filters above (a specialty stem, a city or a country)
 *   limit           12 (the page size of /find-doctors) or 24, 1 in 5
 * Duplicates are dropped, so each path is new to the cache.
 */
import pg from 'pg';

type Pools = { specialties: string[]; countries: string[]; cities: string[] };

async function pools(dbUrl: string): Promise<Pools> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const list = async (column: string) =>
    (await db.query<{ v: string }>(`select distinct ${column} as v from doctors order by 1`)).rows.map((r) => r.v);
  const result = {
    specialties: await list('specialty'),
    countries: await list('country'),
    cities: await list('location'),
  };
  await db.end();
  return result;
}

/** mulberry32: small, seeded, good enough to pick filters. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function longTailPaths(dbUrl: string, count: number, seed = 20261123): Promise<string[]> {
  const { specialties, countries, cities } = await pools(dbUrl);
  const rand = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const chance = (p: number) => rand() < p;
  const step5 = (from: number, to: number) => String(from + 5 * Math.floor((rand() * (to - from)) / 5));
  const sortOf = () => {
    const r = rand();
    return r < 0.4 ? 'rating' : r < 0.65 ? 'price_asc' : r < 0.8 ? 'price_desc' : 'reviews';
  };
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) {
    const query: Record<string, string> = { sort: sortOf() };
    if (chance(0.1)) {
      const kind = rand();
      query.q = kind < 0.4 ? pick(specialties).slice(0, 5) : kind < 0.7 ? pick(cities) : pick(countries);
    } else {
      if (chance(0.5)) query.specialty = pick(specialties);
      if (chance(0.35)) query.country = pick(countries);
      if (chance(0.1)) {
        const city = pick(cities);
        query.location = chance(0.5) ? city : city.slice(0, 3 + Math.floor(rand() * 3));
      }
      if (chance(0.6)) {
        const min = chance(0.7) ? Number(step5(0, 250)) : undefined;
        const max = chance(0.7) ? Number(step5(80, 400)) : undefined;
        if (min !== undefined) query.minFee = String(min);
        if (max !== undefined) query.maxFee = String(Math.max(max, min ?? 0));
      }
    }
    if (chance(0.2)) query.limit = '24';
    seen.add(`/api/doctors/search?${new URLSearchParams(query)}`);
  }
  return [...seen];
}
