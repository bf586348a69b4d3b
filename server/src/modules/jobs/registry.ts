import { z } from 'zod';
import { JOB_KINDS, type JobKind } from '@common/constants/email';

/**
 * What one kind of job is: its name, the version of its payload and the payload's schema. The
 * module that owns a kind declares it (mail declares `email` and `reminder`, payments
 * `refund_retry`…) with `defineJobKind`, and the queue checks every payload against it when it is
 * enqueued and again when it runs. The stored payload carries its version as `v` (a row written
 * before versions existed has none and counts as version 1), so a later release can change a
 * payload's shape and still read the rows an earlier one left behind (`upgrade`).
 *
 * A payload schema describes JSON and nothing else (no transforms): what it outputs at enqueue is
 * what is stored and parsed again by the worker. `v` is reserved.
 */
export type JobKindDefinition<K extends JobKind = JobKind, P = unknown> = {
  readonly kind: K;
  /** The payload version this release writes; a positive integer, raised when the shape changes. */
  readonly version: number;
  readonly schema: z.ZodType<P>;
  /** Brings a payload stored by an older version (`from`) to this version's shape before parsing. */
  readonly upgrade?: (payload: Record<string, unknown>, from: number) => Record<string, unknown>;
  /**
   * A scheduled kind has exactly one queued (or running) row at any time, shared by every instance:
   * it is added by `ensureScheduled` at app start, and each run adds the next one `everyMs` later.
   * `enqueueJobs` refuses it.
   */
  readonly scheduled?: { readonly everyMs: number };
};

/** Every kind declared so far, by name. Definitions are code, the same for every app in the process. */
const definitions = new Map<JobKind, JobKindDefinition<JobKind, unknown>>();

/** Declares a job kind; declaring one kind twice is a programming error. */
export function defineJobKind<K extends JobKind, S extends z.ZodType>(definition: {
  kind: K;
  version: number;
  schema: S;
  upgrade?: (payload: Record<string, unknown>, from: number) => Record<string, unknown>;
  scheduled?: { everyMs: number };
}): JobKindDefinition<K, z.output<S>> {
  if (!(JOB_KINDS as readonly string[]).includes(definition.kind)) {
    throw new Error(`Job kind "${definition.kind}" is not one of JOB_KINDS`);
  }
  if (!Number.isInteger(definition.version) || definition.version < 1) {
    throw new Error(`Job kind "${definition.kind}": version must be a positive integer`);
  }
  if (definitions.has(definition.kind)) throw new Error(`Job kind "${definition.kind}" is defined twice`);
  const frozen = Object.freeze({ ...definition }) as JobKindDefinition<K, z.output<S>>;
  definitions.set(definition.kind, frozen as JobKindDefinition<JobKind, unknown>);
  return frozen;
}

/** The definition of a kind, or undefined when no module declared it (or it was not loaded). */
export const jobKindDefinition = (kind: string): JobKindDefinition<JobKind, unknown> | undefined =>
  definitions.get(kind as JobKind);

/** "appointmentId: Invalid UUID; recipient: Invalid option…", on one line for logs and last_error. */
const issuesText = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');

/** The key under which a stored payload carries its version. */
export const VERSION_KEY = 'v';

/** The payload as stored: the parsed payload with the kind's version beside it. */
export function storedPayload(definition: JobKindDefinition<JobKind, unknown>, payload: unknown) {
  const parsed = definition.schema.safeParse(payload);
  if (!parsed.success) {
    return { ok: false as const, error: issuesText(parsed.error) };
  }
  const data = parsed.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false as const, error: 'a job payload must be an object' };
  }
  return { ok: true as const, value: { ...(data as Record<string, unknown>), [VERSION_KEY]: definition.version } };
}

export type ReadPayload<P> =
  | { ok: true; value: P; version: number }
  /** `retry`: written by a newer release than this one; another instance (or this one, upgraded) can read it. */
  | { ok: false; reason: string; retry: boolean };

/**
 * Reads a stored payload for the worker: its version (none means 1), brought up to this version by
 * `upgrade`, then parsed. A payload that cannot be read is reported, never thrown.
 */
export function readPayload<P>(definition: JobKindDefinition<JobKind, P>, stored: unknown): ReadPayload<P> {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) {
    return { ok: false, reason: 'bad payload: not an object', retry: false };
  }
  const { [VERSION_KEY]: rawVersion, ...rest } = stored as Record<string, unknown>;
  const version = rawVersion === undefined ? 1 : rawVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      reason: `bad payload: version ${JSON.stringify(rawVersion)} is not a positive integer`,
      retry: false,
    };
  }
  if (version > definition.version) {
    return {
      ok: false,
      reason: `payload version ${version} is newer than this release's ${definition.kind} v${definition.version}`,
      retry: true,
    };
  }
  let payload = rest;
  if (version < definition.version && definition.upgrade) {
    try {
      payload = definition.upgrade(rest, version);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: `bad payload: upgrade from v${version} failed: ${message}`, retry: false };
    }
  }
  const parsed = definition.schema.safeParse(payload);
  if (!parsed.success) {
    const issues = issuesText(parsed.error);
    return {
      ok: false,
      reason: `bad payload for ${definition.kind} v${definition.version} (stored as v${version}): ${issues}`,
      retry: false,
    };
  }
  return { ok: true, value: parsed.data, version };
}
