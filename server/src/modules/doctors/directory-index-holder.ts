import type { Db } from '../../db/client';
import { DirectoryIndex } from './directory-index';
import { readNextSlots, type NextSlots } from './next-slots';
import type { ScheduleFirsts } from './schedule-firsts';

const RETRY_AFTER_MS = 5_000;
type HolderOptions = { onError?: (error: unknown) => void; now?: () => number };

/**
 * The index for the current doctors version, built in the background: a search asks for it and,
 * while it is missing or older than the directory, is answered by the search statement instead,
 * so nothing is ever served from an old index. The next free slots are kept beside it per
 * directory version (bookings move it) and clock minute, like cached replies (decision 025).
 */
export class DirectoryIndexHolder {
  private current: DirectoryIndex | null = null;
  private building: Promise<void> | null = null;
  private nextBuildAt = 0;
  private slots: { key: string; value: Promise<NextSlots> } | null = null;

  private readonly onError: (error: unknown) => void;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    { onError = () => {}, now = Date.now }: HolderOptions = {},
  ) {
    this.onError = onError;
    this.now = now;
  }

  /** The index at `doctorsVersion` or newer, or null (and a build starts) when there is none yet. */
  at(doctorsVersion: string): DirectoryIndex | null {
    // A request whose version read began before a change may ask for an older version than the
    // index holds; the newer index is at least as fresh, and building the old one again is waste.
    if (this.current && BigInt(this.current.version) >= BigInt(doctorsVersion)) return this.current;
    // Right after a build, or a failed one, searches go to the statement for a while.
    if (this.building || this.now() < this.nextBuildAt) return null;
    // A build reads and sorts every public doctor (about 0.4 s at 100,000). While doctors change
    // faster than that, each build is stale on arrival and building back to back costs more than it
    // saves; so the next build waits as long as the last one took (building at most half the time),
    // and the search statement, always fresh, answers in between.
    const started = this.now();
    this.building = DirectoryIndex.read(this.db)
      .then(
        (index) => {
          this.current = index;
          const ended = this.now();
          this.nextBuildAt = ended + (ended - started);
        },
        (error: unknown) => {
          this.nextBuildAt = this.now() + RETRY_AFTER_MS;
          this.onError(error);
        },
      )
      .finally(() => {
        this.building = null;
      });
    return null;
  }

  /** Resolves when the build under way (if any) is over; for tests and start-up warming. */
  async settled(): Promise<void> {
    await this.building;
  }

  /**
   * The next free slots for `index` at directory version `version`, read at the first request of
   * each clock minute; racing requests share one read.
   */
  nextSlots(index: DirectoryIndex, version: string, now: Date, firsts: ScheduleFirsts): Promise<NextSlots> {
    const key = `${index.version}|${version}|${Math.floor(now.getTime() / 60_000)}`;
    if (this.slots?.key !== key) {
      const entry = { key, value: readNextSlots(this.db, index, now, firsts) };
      entry.value.catch(() => this.slots === entry && (this.slots = null));
      this.slots = entry;
    }
    return this.slots.value;
  }
}
