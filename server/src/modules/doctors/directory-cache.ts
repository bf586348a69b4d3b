import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Entry = { version: string; body: string; nextCursor: string | null };

/**
 * Serialized directory replies keyed by their normalised query. An entry is served only while
 * the database's directory version (bumped by triggers on doctors, users and reviews, migration
 * 0006) is the one it was built at, so results are never stale, on this instance or any other.
 * Concurrent requests share one in-flight version read.
 */
export class DirectoryCache {
  private entries = new Map<string, Entry>();
  private inflight: Promise<string> | null = null;
  private derived = new Map<string, { version: string; value: Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 2000,
  ) {}

  currentVersion(): Promise<string> {
    this.inflight ??= this.db
      .execute<{ version: string }>(sql`select version::text as version from directory_version where id = 1`)
      .then((result) => String((result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '0'))
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  async getOrBuild(
    key: string,
    build: (version: string) => Promise<{ body: string; nextCursor: string | null }>,
  ): Promise<Entry> {
    const version = await this.currentVersion();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Re-insert so the Map's order approximates least-recently-used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const built = { version, ...(await build(version)) };
    this.entries.set(key, built);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return built;
  }

  /**
   * A value computed from the directory (the places doctors are in), kept while the version it
   * was computed at is current. The caller passes the version it already read for its request
   * (getOrBuild hands it to build), so no second read. Racing requests share one computation.
   */
  derive<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const held = this.derived.get(key);
    if (held && held.version === version) return held.value as Promise<T>;
    const value = compute();
    const entry = { version, value };
    this.derived.set(key, entry);
    value.catch(() => this.derived.get(key) === entry && this.derived.delete(key));
    return value;
  }
}
