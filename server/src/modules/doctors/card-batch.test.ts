import { describe, expect, it } from 'vitest';
import { BatchedRead } from './card-batch';

type Row = { id: string; n: number };

describe('BatchedRead', () => {
  it('answers callers of one turn with one read, each with its own rows in its own order', async () => {
    const reads: string[][] = [];
    const batch = new BatchedRead<Row>(async (ids) => {
      reads.push(ids);
      // The statement returns rows in any order and skips ids it does not list.
      return ids
        .filter((id) => id !== 'gone')
        .reverse()
        .map((id) => ({ id, n: Number(id.slice(1)) }));
    });
    const [a, b, c] = await Promise.all([batch.rows(['d3', 'd1', 'gone']), batch.rows(['d2', 'd3']), batch.rows([])]);
    expect(reads).toHaveLength(1);
    expect(new Set(reads[0])).toEqual(new Set(['d1', 'd2', 'd3', 'gone']));
    expect(a.map((row) => row.id)).toEqual(['d3', 'd1']);
    expect(b.map((row) => row.id)).toEqual(['d2', 'd3']);
    expect(c).toEqual([]);
  });

  it('starts a new read for a caller that asks after a read began', async () => {
    let reads = 0;
    const batch = new BatchedRead<Row>(async (ids) => {
      reads++;
      return ids.map((id) => ({ id, n: 0 }));
    });
    await batch.rows(['d1']);
    const later = await batch.rows(['d1']);
    expect(reads).toBe(2);
    expect(later).toEqual([{ id: 'd1', n: 0 }]);
  });

  it('fails every caller of a read that fails, and the next read still works', async () => {
    let fail = true;
    const batch = new BatchedRead<Row>(async (ids) => {
      if (fail) throw new Error('connection lost');
      return ids.map((id) => ({ id, n: 1 }));
    });
    const results = await Promise.allSettled([batch.rows(['d1']), batch.rows(['d2'])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch.rows(['d2'])).toEqual([{ id: 'd2', n: 1 }]);
  });

  it('reads at once when a turn has asked for many ids, so one statement stays small', async () => {
    const sizes: number[] = [];
    const batch = new BatchedRead<Row>(async (ids) => {
      sizes.push(ids.length);
      return ids.map((id) => ({ id, n: 0 }));
    });
    const pages = Array.from({ length: 30 }, (_, p) => Array.from({ length: 25 }, (_, i) => `p${p}-${i}`));
    const answers = await Promise.all(pages.map((ids) => batch.rows(ids)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(512 + 25);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(750);
    answers.forEach((rows, p) => expect(rows.map((row) => row.id)).toEqual(pages[p]));
  });
});
