import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { DirectoryCache } from './directory-cache';

// The version read is not used here: getOrBuild takes the version from its caller.
const cache = (maxChars: number) => new DirectoryCache({} as Db, maxChars);
const page = (chars: number) => async () => ({ body: 'x'.repeat(chars), nextCursor: null });

/** Asks for `key` twice: a reply is kept from the second time its query is asked. */
const twice = async (replies: DirectoryCache, key: string, version: string, build: ReturnType<typeof page>) => {
  await replies.getOrBuild(key, version, build);
  return replies.getOrBuild(key, version, build);
};

it('keeps a reply only once its query comes back, so one-off searches leave nothing behind', async () => {
  const replies = cache(1000);
  let built = 0;
  const counted = async () => (built++, { body: 'x'.repeat(100), nextCursor: null });
  for (const key of ['a', 'b', 'c']) await replies.getOrBuild(key, 'v1', counted);
  expect(replies.stats()).toEqual({ entries: 0, chars: 0 });
  await replies.getOrBuild('b', 'v1', counted);
  await replies.getOrBuild('b', 'v1', counted);
  expect(built).toBe(4);
  expect(replies.stats()).toEqual({ entries: 1, chars: 100 });
  // A new version of a kept reply is kept straight away: its query has come back already.
  await replies.getOrBuild('b', 'v2', counted);
  await replies.getOrBuild('b', 'v2', counted);
  expect(built).toBe(5);
});

it('keeps replies up to a size, dropping the least recently used first', async () => {
  const replies = cache(1000);
  await twice(replies, 'a', 'v1', page(400));
  await twice(replies, 'b', 'v1', page(400));
  // Using `a` makes `b` the oldest.
  await replies.getOrBuild('a', 'v1', page(999));
  await twice(replies, 'c', 'v1', page(400));
  expect(replies.stats()).toEqual({ entries: 2, chars: 800 });
  let built = 0;
  await replies.getOrBuild('a', 'v1', async () => (built++, { body: 'new', nextCursor: null }));
  expect(built).toBe(0);
  await replies.getOrBuild('b', 'v1', async () => (built++, { body: 'again', nextCursor: null }));
  expect(built).toBe(1);
});

it('counts a rebuilt reply once, and never keeps one larger than the whole cache', async () => {
  const replies = cache(1000);
  await twice(replies, 'a', 'v1', page(300));
  await replies.getOrBuild('a', 'v2', page(500));
  expect(replies.stats()).toEqual({ entries: 1, chars: 500 });
  const huge = await twice(replies, 'h', 'v1', page(5000));
  expect(huge.body).toHaveLength(5000);
  expect(replies.stats()).toEqual({ entries: 1, chars: 500 });
});
