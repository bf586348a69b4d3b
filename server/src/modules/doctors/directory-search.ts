import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DoctorSearchQuery } from '@common/schemas/doctor-queries';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { doctorSchedules } from '../../db/schema';
import { listedDoctorRawSql } from '../listing/rule';
import { scheduleFrom } from '../schedule/store';
import { DirectoryCache } from './directory-cache';
import { DirectoryIndex, type KeyRow } from './directory-index';
import { readNextSlots, type NextSlots } from './next-slots';
import { cardListJson, featuredDoctors, searchDoctors, type SearchEngine } from './service';

/** Channel the change feed's triggers notify at commit (migration 0030). */
export const DIRECTORY_CHANNEL = 'directory_changes';

type Options = {
  onError?: (error: unknown, what: string) => void;
  /** How often the feed is read when no notification came; the bound on how late a patch is. */
  pollMs?: number;
  /** Feed rows older than this are deleted; an instance that read none for half as long rebuilds. */
  keepChangesMs?: number;
};

/** What listed doctors offer to filter by; counts are of listed doctors, sorted by name. */
export type Vocabulary = {
  places: string[];
  countries: string[];
  specialtyCounts: { value: string; count: number }[];
  countryCounts: { value: string; count: number }[];
  languageCounts: { value: string; count: number }[];
};

/** A listed doctor's keys as read: the schedule and time off still in their columns. */
type RawKeyRow = Omit<KeyRow, 'schedule' | 'timeOff'> & {
  availableFrom: string | null;
  availableTo: string | null;
  /** [start, end) in epoch ms. */
  timeOff: [number, number][];
} & { [K in keyof ScheduleColumns]: ScheduleColumns[K] | null };
type ScheduleColumns = Omit<typeof doctorSchedules.$inferSelect, 'doctorId' | 'version' | 'updatedAt'>;
type ChangeRow = RawKeyRow & { changed: string | null; upto: string | null; seen: string };

/** Read with `d` the doctor and `s` their saved schedule (left joined). */
const keyColumns = sql`d.id, d.specialty, d.country, d.location, u.first_name || ' ' || u.last_name as name,
  d.languages, d.consultation_fee as fee,
  coalesce(d.average_rating, 0)::float8 as rating, d.review_count as reviews, d.time_zone as zone,
  d.available_from as "availableFrom", d.available_to as "availableTo",
  s.weekly, s.video_minutes as "videoMinutes", s.voice_minutes as "voiceMinutes",
  s.in_person_minutes as "inPersonMinutes", s.buffer_minutes as "bufferMinutes",
  s.min_notice_minutes as "minNoticeMinutes", s.horizon_days as "horizonDays", s.daily_cap as "dailyCap",
  (select coalesce(json_agg(json_build_array(
      (extract(epoch from t.starts_at) * 1000)::float8, (extract(epoch from t.ends_at) * 1000)::float8)), '[]'::json)
    from doctor_time_off t where t.doctor_id = d.id) as "timeOff"`;

/** The doctor, their account and their saved schedule, joined as `keyColumns` reads them. */
const doctorJoin = sql`doctors d join users u on u.id = d.user_id left join doctor_schedules s on s.doctor_id = d.id`;

function keyRowOf(row: RawKeyRow): KeyRow {
  const { availableFrom, availableTo, weekly, timeOff, ...rest } = row;
  const { videoMinutes, voiceMinutes, inPersonMinutes, bufferMinutes, minNoticeMinutes, horizonDays, dailyCap } = rest;
  const saved =
    weekly === null
      ? null
      : ({
          weekly,
          videoMinutes,
          voiceMinutes,
          inPersonMinutes,
          bufferMinutes,
          minNoticeMinutes,
          horizonDays,
          dailyCap,
        } as ScheduleColumns);
  return {
    id: row.id,
    specialty: row.specialty,
    country: row.country,
    location: row.location,
    name: row.name,
    languages: row.languages,
    fee: row.fee,
    rating: row.rating,
    reviews: row.reviews,
    zone: row.zone,
    schedule: scheduleFrom(saved, { availableFrom, availableTo }),
    timeOff: timeOff.map(([startsAt, endsAt]) => ({ startsAt, endsAt })),
  };
}

/** The next free slots for one clock minute and bookings count, as kept by the engine. */
type SlotsEntry = {
  minute: number;
  /** The bookings count it answers for (at least: a patch reads every change committed before it starts). */
  bookings: bigint;
  /** Whether its read has been sent: until then, a newer bookings count joins it instead of queueing another. */
  started: boolean;
  /** The whole read the set began with; bookings patches chain on it within the minute. */
  base: Promise<NextSlots>;
  value: Promise<NextSlots>;
  ready?: NextSlots;
  previous?: NextSlots;
  /** When its read of the bookings began (Date.now()): a patch may follow it only while the feed keeps that far back. */
  startedAt: number;
};

/**
 * Doctor search on one engine (decision 042): the in-memory index of every listed doctor's keys,
 * built at start and patched in place from the change feed (`directory_changes`, written by
 * triggers on doctors, accounts and reviews; every instance reads it), with each doctor's next free
 * slot beside it. SQL only reads the page's cards by id. Created once, in the composition root.
 */
const EMBEDDED_POLL_MS = 5_000;
/** Doctors read per statement while the index is built. */
const BUILD_PAGE = 5_000;

export class DirectorySearch implements SearchEngine {
  private current: DirectoryIndex | null = null;
  /** The last feed version applied; everything at or below it is in the index. */
  private position = 0n;
  /** directory_version.doctors_version in the snapshot the feed was last read in. */
  private seenDoctors = 0n;
  private syncedAt = 0;
  private building: Promise<DirectoryIndex> | null = null;
  private syncing: Promise<void> | null = null;
  private again = false;
  /**
   * The next free slots for one clock minute and bookings count. While a new set is being read,
   * the set it carries slots forward from (`previous`) is patched like the ready one.
   */
  private slots: SlotsEntry | null = null;
  /** How often the next free slots were read whole and patched, for tests and diagnostics. */
  readonly slotReads = { full: 0, patches: 0 };
  private readonly replies: DirectoryCache;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  private lastPrune = 0;
  private readonly onError: (error: unknown, what: string) => void;
  private readonly pollMs: number;
  private readonly keepChangesMs: number;

  constructor(
    private readonly database: Database,
    { onError = () => {}, pollMs = 250, keepChangesMs = 10 * 60_000 }: Options = {},
  ) {
    this.replies = new DirectoryCache(database.db);
    this.onError = onError;
    this.pollMs = pollMs;
    this.keepChangesMs = keepChangesMs;
  }

  private get db(): Db {
    return this.database.db;
  }

  /** Builds the index, then follows the feed: on each notification and every `pollMs`. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.ready().catch((error: unknown) => this.onError(error, 'directory index build failed'));
    this.unlisten = await this.listen().catch((error: unknown) => {
      this.onError(error, 'directory change notifications unavailable; polling only');
      return null;
    });
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    await this.syncing?.catch(() => {});
    await this.building?.catch(() => {});
  }

  /** The index, built on first need when start() could not (a database not yet migrated). */
  private ready(): Promise<DirectoryIndex> {
    if (this.current) return Promise.resolve(this.current);
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  get index(): DirectoryIndex {
    if (!this.current) throw new Error('The directory index is not built yet');
    return this.current;
  }

  private async build(): Promise<DirectoryIndex> {
    // One snapshot: the keys and the feed position they include agree. Feed versions are drawn in
    // commit order (migration 0030), so nothing committed later can be at or below it. The keys
    // come in pages (DirectoryIndex.fromPages), all read in that snapshot.
    const built = await this.db.transaction(
      async (tx) => {
        const [at] = rowsOf<{ upto: string; seen: string }>(
          await tx.execute(sql`
            select (select coalesce(max(version), 0) from directory_changes)::text as upto,
              (select doctors_version from directory_version where id = 1)::text as seen`),
        );
        const index = await DirectoryIndex.fromPages(async (after) =>
          rowsOf<RawKeyRow>(
            await tx.execute(sql`
              select ${keyColumns} from ${doctorJoin}
              where ${listedDoctorRawSql()} and (${after}::uuid is null or d.id > ${after}::uuid)
              order by d.id limit ${BUILD_PAGE}`),
          ).map(keyRowOf),
        );
        return { index, upto: at?.upto ?? '0', seen: at?.seen ?? '0' };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.position = BigInt(built.upto);
    this.seenDoctors = BigInt(built.seen ?? '0');
    this.syncedAt = Date.now();
    this.current = built.index;
    this.slots = null;
    return built.index;
  }

  /**
   * Applies every feed row after the last one applied; racing callers share one read, and a call
   * during a read runs another after it (it may have missed a row committed meanwhile).
   */
  sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        await this.syncOnce();
      } while (this.again);
    })().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    if (!this.current || Date.now() - this.syncedAt > this.keepChangesMs / 2) {
      // Rows this instance has not read may have been pruned: start over (searches keep the old
      // index until the new one is in place).
      this.building ??= this.build().finally(() => (this.building = null));
      await this.building;
      return;
    }
    const from = this.position;
    // The counter comes from the same snapshot, so a request that read a higher one knows this read
    // missed a change (see reply); the `right join` keeps that row when the feed has nothing new.
    const rows = rowsOf<ChangeRow>(
      await this.db.execute(sql`
        with c as (select distinct doctor_id from directory_changes where version > ${String(from)}),
          upto as (select max(version) as v from directory_changes where version > ${String(from)}),
          f as (
            select c.doctor_id as changed, upto.v::text as upto, ${keyColumns}
            from c cross join upto
            left join (${doctorJoin}) on d.id = c.doctor_id and ${listedDoctorRawSql()}
          )
        select f.*, v.doctors_version::text as seen
        from f right join directory_version v on true
        where v.id = 1`),
    );
    this.syncedAt = Date.now();
    await this.prune();
    // A rebuild finished while this read was under way already holds at least as much.
    if (this.position !== from || !this.current) return;
    const seen = BigInt(rows[0]?.seen ?? '0');
    const changes = rows.filter((row) => row.changed !== null);
    if (changes.length) {
      this.patch(
        this.current,
        changes.map((row) => row.changed!),
        changes.filter((row) => row.id !== null).map(keyRowOf),
      );
      this.position = BigInt(changes[0].upto!);
    }
    if (seen > this.seenDoctors) this.seenDoctors = seen;
  }

  /** Index and next free slots move together, with no await between: a search sees both or neither. */
  private patch(index: DirectoryIndex, changed: string[], rows: KeyRow[]): void {
    const sets = [this.slots?.ready, this.slots?.previous].filter((set) => set !== undefined);
    const filled = index.apply(changed, rows, (leaving) => sets.forEach((set) => set.leave(leaving)));
    for (const set of sets) set.arrive(filled);
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    const cutoff = new Date(Date.now() - this.keepChangesMs).toISOString();
    await this.db.execute(sql`
      with directory as (delete from directory_changes where changed_at < ${cutoff}::timestamptz)
      delete from booking_changes where changed_at < ${cutoff}::timestamptz`);
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    // On the embedded database the writer and this reader share the process, so no notification is
    // lost: the poll is only a safety net, and four reads a second cost an idle demo server 3 % of a core.
    const wait = this.unlisten && this.database.pglite ? Math.max(this.pollMs, EMBEDDED_POLL_MS) : this.pollMs;
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  private wake(): void {
    if (this.stopped) return;
    this.sync()
      .catch((error: unknown) => this.onError(error, 'directory change feed read failed'))
      .finally(() => this.schedule());
  }

  private async listen(): Promise<(() => Promise<void>) | null> {
    const onNotify = () => this.wake();
    if (this.database.pglite) return this.database.pglite.listen(DIRECTORY_CHANNEL, onNotify);
    if (!this.database.pool) return null;
    // A connection outside the pool, so requests keep every pooled one.
    // The pool's own Client class: with a multi-host DATABASE_URL it finds the writable server.
    const Client = (this.database.pool.options.Client as typeof pg.Client | undefined) ?? pg.Client;
    const client = new Client(this.database.pool.options);
    client.on('error', (error) => this.onError(error, 'directory change notifications lost; polling only'));
    client.on('notification', (n) => n.channel === DIRECTORY_CHANNEL && onNotify());
    await client.connect();
    await client.query(`listen ${DIRECTORY_CHANNEL}`);
    return () => client.end();
  }

  /**
   * Every listed doctor's next free slot at `now`, kept per clock minute and per bookings count
   * (directory_version moves `version` alone for bookings, both counters for doctors), and patched
   * with the index in between. Within a minute, a new bookings count patches the kept set with the
   * doctors whose bookings changed (`NextSlots.rebook`); a new minute reads every booking again.
   */
  nextSlots(now: Date, bookings = '0'): Promise<NextSlots> {
    const index = this.index;
    const minute = Math.floor(now.getTime() / 60_000);
    const count = BigInt(bookings);
    const current = this.slots;
    if (current?.minute === minute && current.bookings === count) return current.value;
    const startedAt = Date.now();
    let entry: SlotsEntry;
    if (current?.minute === minute && startedAt - current.startedAt < this.keepChangesMs / 2) {
      // A request that read an older count than the kept one is answered by the newer slots.
      if (count <= current.bookings) return current.value;
      // At most one patch waits behind the one being read: every request meanwhile shares it, so
      // the queue cannot grow faster than the database answers.
      if (!current.started) {
        current.bookings = count;
        return current.value;
      }
      // It waits for the read before it, and reads every change from where that one ended.
      const patch: SlotsEntry = { ...current, bookings: count, startedAt, started: false };
      patch.value = current.value.then(async (slots) => {
        patch.started = true;
        await slots.rebook(this.db);
        return slots;
      });
      entry = patch;
      this.slotReads.patches++;
    } else {
      const previous = current?.ready ?? current?.previous;
      const base = readNextSlots(this.db, index, now, previous);
      entry = { minute, bookings: count, started: true, startedAt, base, value: base, previous };
      this.slotReads.full++;
      // Ready for the index's patches as soon as it is read, even while bookings patches wait on it.
      base.then(
        (slots) => this.slots?.base === base && ([this.slots.ready, this.slots.previous] = [slots, undefined]),
        () => {},
      );
    }
    entry.value.catch(() => this.slots === entry && (this.slots = null));
    this.slots = entry;
    return entry.value;
  }

  /** How many replies are kept and their size, for tests and diagnostics. */
  keptReplies(): { entries: number; chars: number } {
    return this.replies.stats();
  }

  /** A page of search results as JSON, kept until the engine or the bookings move. */
  async search(query: DoctorSearchQuery, now: Date): Promise<{ body: string; nextCursor: string | null }> {
    await this.ready();
    // The minute is when the reply holds, not which query it answers: a query asked again in the
    // next minute replaces its reply. As part of the key it left each minute's replies behind until
    // the size bound pushed them out (the soak's heap held 459 replies of 19 distinct bodies).
    const minute = Math.floor(now.getTime() / 60_000);
    return this.reply(
      `search:${JSON.stringify(query)}`,
      async (bookings) => {
        const { doctors, nextCursor } = await searchDoctors(this.db, query, this.engineAt(bookings), now);
        return { body: cardListJson(doctors), nextCursor };
      },
      { asOf: String(minute), slotsAt: now },
    );
  }

  async featured(limit: number, now: Date): Promise<{ body: string }> {
    await this.ready();
    // No availability on the home page's cards: a booking leaves the reply as it is.
    return this.reply(`featured:${limit}`, async (bookings) => ({
      body: await featuredDoctors(this.db, limit, this.engineAt(bookings), now),
      nextCursor: null,
    }));
  }

  /**
   * The places and countries listed doctors are in (the engine's own lists), and how many listed
   * doctors each specialty and country has: what the find-doctors filters offer.
   */
  async vocabulary(): Promise<Vocabulary> {
    await this.ready();
    await this.catchUp();
    const index = this.index;
    return {
      places: index.places(),
      countries: index.countries(),
      specialtyCounts: index.counts('specialty'),
      countryCounts: index.counts('country'),
      languageCounts: index.counts('language'),
    };
  }

  /** Applies a change committed before this call and not yet read from the feed. */
  private async catchUp(): Promise<{ all: string; doctors: string }> {
    const version = await this.replies.currentVersion();
    if (BigInt(version.doctors) > this.seenDoctors) await this.sync();
    return version;
  }

  private engineAt(bookings: string): SearchEngine {
    const current = () => this.index;
    return {
      get index() {
        return current();
      },
      nextSlots: (now) => this.nextSlots(now, bookings),
      sync: () => this.sync(),
    };
  }

  private async reply(
    key: string,
    build: (bookings: string) => Promise<{ body: string; nextCursor: string | null }>,
    /**
     * `asOf`: a time the reply holds for. `slotsAt`: the instant its next free slots are judged at,
     * for a reply that shows or filters by them (none for the home page's featured doctors).
     */
    { asOf = '', slotsAt }: { asOf?: string; slotsAt?: Date } = {},
  ) {
    // A change committed before this request's read and not yet applied: apply it first (one read
    // shared by every request waiting), so a reply never misses an edit made before it was asked.
    const { all, doctors } = await this.catchUp();
    const bookings = String(BigInt(all) - BigInt(doctors));
    // Bookings count only where they moved a slot: most leave every doctor's first free slot as it was.
    const slots = slotsAt ? (await this.nextSlots(slotsAt, bookings)).version : '';
    // A reply is kept for one state of the engine and of the slots (and, for a search, one minute).
    const version = `${slots}|${this.position}|${this.index.revision}|${asOf}`;
    // The cards are JSON built by PostgreSQL (search-query.ts), sent as they come.
    return this.replies.getOrBuild(key, version, () => build(bookings));
  }
}
