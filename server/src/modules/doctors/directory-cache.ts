import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Entry = { version: string; body: string; nextCursor: string | null };

/**
 * `all` moves with any change a reply may show, bookings included; `doctors` only with doctors,
 * their users and reviews (migration 0028), so what depends on doctors alone outlives bookings.
 */
export type DirectoryVersion = { all: string; doctors: string };

/**
 * Serialized directory replies keyed by their normalised query. An entry is served only while
 * the database's directory version (bumped by triggers on doctors, users, reviews and
 * appointments; migrations 0006, 0024 and 0028) is the one it was built at, so results are never
 * stale, on this instance or any other. Concurrent requests share one in-flight version read.
 */
export class DirectoryCache {
  private entries = new Map<string, Entry>();
  private inflight: Promise<DirectoryVersion> | null = null;
  private derived = new Map<string, { version: string; value: Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly maxEntries = 2000,
  ) {}

  currentVersion(): Promise<DirectoryVersion> {
    this.inflight ??= this.db
      .execute<DirectoryVersion>(
        sql`select version::text as "all", doctors_version::text as doctors from directory_version where id = 1`,
      )
      .then((result) => (result as unknown as { rows: DirectoryVersion[] }).rows[0] ?? { all: '0', doctors: '0' })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  async getOrBuild(
    key: string,
    build: (version: DirectoryVersion) => Promise<{ body: string; nextCursor: string | null }>,
  ): Promise<Entry> {
    const current = await this.currentVersion();
    const version = current.all;
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Re-insert so the Map's order approximates least-recently-used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const built = { version, ...(await build(current)) };
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
