import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { DirectoryCache } from './directory-cache';

// The version read is not used here: getOrBuild takes the version from its caller.
const cache = (maxChars: number) => new DirectoryCache({} as Db, maxChars);
const page = (chars: number) => async () => ({ body: 'x'.repeat(chars), nextCursor: null });

it('keeps replies up to a size, dropping the least recently used first', async () => {
  const replies = cache(1000);
  await replies.getOrBuild('a', 'v1', page(400));
  await replies.getOrBuild('b', 'v1', page(400));
  // Using `a` makes `b` the oldest.
  await replies.getOrBuild('a', 'v1', page(999));
  await replies.getOrBuild('c', 'v1', page(400));
  expect(replies.stats()).toEqual({ entries: 2, chars: 800 });
  let built = 0;
  await replies.getOrBuild('a', 'v1', async () => (built++, { body: 'new', nextCursor: null }));
  expect(built).toBe(0);
  await replies.getOrBuild('b', 'v1', async () => (built++, { body: 'again', nextCursor: null }));
  expect(built).toBe(1);
});

it('counts a rebuilt reply once, and never keeps one larger than the whole cache', async () => {
  const replies = cache(1000);
  await replies.getOrBuild('a', 'v1', page(300));
  await replies.getOrBuild('a', 'v2', page(500));
  expect(replies.stats()).toEqual({ entries: 1, chars: 500 });
  const huge = await replies.getOrBuild('h', 'v1', page(5000));
  expect(huge.body).toHaveLength(5000);
  expect(replies.stats()).toEqual({ entries: 1, chars: 500 });
});
