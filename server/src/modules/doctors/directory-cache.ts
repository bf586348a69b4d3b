import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

type Entry = { version: string; body: string; nextCursor: string | null };

/** Queries remembered as asked once: keys of about 100–200 characters, a few MB at most. */
const MAX_ASKED_ONCE = 20_000;

/**
 * `all` moves with any change a reply may show, bookings included; `doctors` only with doctors,
 * their users and reviews (migration 0028), so what depends on doctors alone outlives bookings.
 */
export type DirectoryVersion = { all: string; doctors: string };

/**
 * Serialized directory replies keyed by their normalised query. An entry is served only while the
 * version its owner names (directory-search.ts: the engine's feed position and the bookings count
 * of directory_version, migrations 0006, 0024, 0028) is the one it was built at, so a reply is
 * never staler than the engine. Concurrent requests share one in-flight version read.
 */
export class DirectoryCache {
  private entries = new Map<string, Entry>();
  private inflight: Promise<DirectoryVersion> | null = null;
  /** Characters of the kept replies (one byte each: replies are JSON, mostly ASCII). */
  private size = 0;
  /**
   * Queries asked once lately. A reply is kept only when its query comes back: most uncached
   * searches are one-offs (the long tail), and keeping each of their 10–40 KB pages until it was
   * evicted made the heap copy every one out of the young generation and collect it later, for a
   * hit that never came. A fifth of an uncached search's time was garbage collection (bench/search).
   */
  private askedOnce = new Set<string>();

  constructor(
    private readonly db: Db,
    /**
     * Bounded by size, not count: a search page is 1–40 KB, and the 30-minute soak showed 2,000
     * kept pages growing the heap by tens of MB before the count bound was reached.
     */
    private readonly maxChars = 8 * 2 ** 20,
  ) {}

  /** What the kept replies hold, for tests and diagnostics. */
  stats(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.size };
  }

  currentVersion(): Promise<DirectoryVersion> {
    this.inflight ??= this.db
      .execute<DirectoryVersion>(
        sql`select version::text as "all", doctors_version::text as doctors from directory_version where id = 1`,
      )
      .then((result) => rowsOf<DirectoryVersion>(result)[0] ?? { all: '0', doctors: '0' })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  /** The reply kept under `key` when it was built at `version`, else a new one built now. */
  async getOrBuild(
    key: string,
    version: string,
    build: () => Promise<{ body: string; nextCursor: string | null }>,
  ): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Re-insert so the Map's order approximates least-recently-used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const built = { version, ...(await build()) };
    this.drop(key);
    if (built.body.length > this.maxChars) return built;
    if (!hit && !this.askedOnce.delete(key)) {
      // Forgotten all at once when full: a query asked twice that far apart is not worth keeping.
      if (this.askedOnce.size >= MAX_ASKED_ONCE) this.askedOnce.clear();
      this.askedOnce.add(key);
      return built;
    }
    this.entries.set(key, built);
    this.size += built.body.length;
    while (this.size > this.maxChars) this.drop(this.entries.keys().next().value!);
    return built;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.body.length;
  }
}
