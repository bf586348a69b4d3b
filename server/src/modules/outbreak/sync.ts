import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { OUTBREAK_SEVERITIES, type OutbreakSourceName } from '@common/constants/outbreak';
import { syncOutcome } from '@common/rules/outbreak-sync';
import type { SourceSync, SyncResult } from '@common/schemas/outbreak';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { outbreakCases, outbreakSyncRuns, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record';
import { notify } from '../notifications/service';
import type { NotificationText } from '../notifications/texts';
import { DiseaseShSource } from './sources/disease-sh';
import { loadSnapshot, SnapshotSource } from './sources/snapshot';
import type { OutbreakSource, SourcedCase } from './sources/source';
import { WhoDonSource } from './sources/who-don';

/** The feeds a sync asks, from configuration; an empty URL leaves a feed out. */
export type SyncPlan = {
  live: OutbreakSource[];
  unconfigured: OutbreakSourceName[];
  fallback: OutbreakSource;
  timeoutMs: number;
};

export function syncPlan(config: Pick<Config, 'outbreak'>): SyncPlan {
  const { whoUrl, casesUrl, fetchTimeoutMs } = config.outbreak;
  const live: OutbreakSource[] = [];
  const unconfigured: OutbreakSourceName[] = [];
  if (whoUrl) live.push(new WhoDonSource(whoUrl));
  else unconfigured.push('who-don');
  if (casesUrl) live.push(new DiseaseShSource(casesUrl));
  else unconfigured.push('disease-sh');
  return { live, unconfigured, fallback: new SnapshotSource(), timeoutMs: fetchTimeoutMs };
}

/** A run older than this with no finish died with its process; it no longer blocks a new one. */
const ABANDONED_AFTER_MS = 10 * 60_000;
const WAIT_STEP_MS = 100;
const UPSERT_BATCH = 500;

type RunRow = typeof outbreakSyncRuns.$inferSelect;

export async function presentRun(run: RunRow): Promise<SyncResult> {
  const sources = run.sources as SourceSync[];
  return {
    totalSynced: run.totalSynced,
    sources,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    outcome: syncOutcome(sources, (await loadSnapshot()).asOf),
  };
}

export const severityRank = (severity: SourcedCase['severity']) => OUTBREAK_SEVERITIES.indexOf(severity);

/**
 * One sync at a time on any number of instances: the run row is the lock (a partial unique index
 * allows one unfinished run). Whoever cannot take it waits for the running sync and answers its
 * result, so two admins pressing Sync together see one sync.
 */
export async function syncOutbreaks(
  db: Db,
  plan: SyncPlan,
  {
    actor,
    clock,
    waitMs = 60_000,
    alert = true,
  }: { actor: AuditActor | null; clock: Clock; waitMs?: number; alert?: boolean },
): Promise<SyncResult> {
  const now = clock.now();
  await db
    .update(outbreakSyncRuns)
    .set({ finishedAt: now, sources: [{ source: 'snapshot', status: 'failed', count: 0, error: 'abandoned' }] })
    .where(
      and(
        isNull(outbreakSyncRuns.finishedAt),
        lt(outbreakSyncRuns.startedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    );
  const [run] = await db
    .insert(outbreakSyncRuns)
    .values({ startedAt: now, startedBy: actor?.id ?? null })
    .onConflictDoNothing()
    .returning();
  if (!run) return waitForRunningSync(db, waitMs);

  try {
    const results = await runSources(db, plan, alert);
    const totalSynced = results.reduce((sum, r) => sum + (r.status === 'synced' ? r.count : 0), 0);
    const finishedAt = clock.now();
    return await db.transaction(async (tx) => {
      const [finished] = await tx
        .update(outbreakSyncRuns)
        .set({ finishedAt, totalSynced, sources: results })
        .where(eq(outbreakSyncRuns.id, run.id))
        .returning();
      if (actor) {
        await recordAudit(
          tx,
          actor,
          { action: 'outbreak.sync', target: { type: 'outbreak_sync_run', id: run.id }, after: { totalSynced } },
          now,
        );
      }
      return presentRun(finished);
    });
  } catch (error) {
    // Never leave the lock row behind: the next press must be able to sync.
    await db
      .update(outbreakSyncRuns)
      .set({ finishedAt: now, sources: [{ source: 'snapshot', status: 'failed', count: 0, error: String(error) }] })
      .where(eq(outbreakSyncRuns.id, run.id));
    throw error;
  }
}

async function waitForRunningSync(db: Db, waitMs: number): Promise<SyncResult> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [running] = await db.select().from(outbreakSyncRuns).where(isNull(outbreakSyncRuns.finishedAt));
    if (!running || Date.now() > deadline) {
      const latest = running ?? (await latestRun(db));
      if (latest) return presentRun(latest);
      return {
        totalSynced: 0,
        sources: [],
        startedAt: new Date().toISOString(),
        finishedAt: null,
        outcome: syncOutcome([], null),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

export async function latestRun(db: Db): Promise<RunRow | undefined> {
  const [run] = await db
    .select()
    .from(outbreakSyncRuns)
    .where(isNotNull(outbreakSyncRuns.finishedAt))
    .orderBy(desc(outbreakSyncRuns.finishedAt))
    .limit(1);
  return run;
}

async function runSources(db: Db, plan: SyncPlan, alert: boolean): Promise<SourceSync[]> {
  const fetched = await Promise.allSettled(
    plan.live.map((source) => source.fetchCases(AbortSignal.timeout(plan.timeoutMs))),
  );
  const results: SourceSync[] = [];
  const newCritical: SourcedCase[] = [];
  for (const [i, source] of plan.live.entries()) {
    const outcome = fetched[i];
    if (outcome.status === 'rejected') {
      results.push({ source: source.name, status: 'failed', count: 0, error: describe(outcome.reason) });
      continue;
    }
    newCritical.push(...(await storeCases(db, source.name, outcome.value)));
    results.push({ source: source.name, status: 'synced', count: outcome.value.length, error: null });
  }
  for (const name of plan.unconfigured) results.push({ source: name, status: 'unconfigured', count: 0, error: null });

  // The snapshot stands in only when no live feed answered: with none configured, or all failing.
  // A feed that is simply not configured beside one that answered is no reason to mix old data in.
  const needsFallback = !results.some((r) => r.status === 'synced');
  if (needsFallback) {
    const cases = await plan.fallback.fetchCases(AbortSignal.timeout(plan.timeoutMs));
    newCritical.push(...(await storeCases(db, plan.fallback.name, cases)));
    results.push({ source: plan.fallback.name, status: 'synced', count: cases.length, error: null });
  } else {
    // Live data came in: the bundled snapshot no longer speaks for it.
    await db.delete(outbreakCases).where(eq(outbreakCases.source, plan.fallback.name));
    results.push({ source: plan.fallback.name, status: 'skipped', count: 0, error: null });
  }
  if (alert && newCritical.length > 0) await alertDoctors(db, newCritical);
  return results;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return (cause ? `${error.message} (${cause})` : error.message).slice(0, 300);
  }
  return String(error).slice(0, 300);
}

/**
 * One transaction per source: upsert by (source, external id), touching a row only when its data
 * changed, so a second sync of the same data changes nothing. Returns the cases that became
 * critical in this sync (new ones, or known ones that escalated).
 */
async function storeCases(db: Db, source: OutbreakSourceName, cases: SourcedCase[]): Promise<SourcedCase[]> {
  const unique = new Map(cases.map((c) => [c.externalId, c]));
  return db.transaction(async (tx) => {
    const alreadyCritical = new Set(
      (
        await tx
          .select({ externalId: outbreakCases.externalId })
          .from(outbreakCases)
          .where(and(eq(outbreakCases.source, source), eq(outbreakCases.severity, 'critical')))
      ).map((r) => r.externalId),
    );
    const rows = [...unique.values()].map((c) => ({ ...c, source, severityRank: severityRank(c.severity) }));
    for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
      await tx
        .insert(outbreakCases)
        .values(rows.slice(i, i + UPSERT_BATCH))
        .onConflictDoUpdate({
          target: [outbreakCases.source, outbreakCases.externalId],
          set: {
            diseaseName: sql`excluded.disease_name`,
            severity: sql`excluded.severity`,
            severityRank: sql`excluded.severity_rank`,
            location: sql`excluded.location`,
            country: sql`excluded.country`,
            confirmedCases: sql`excluded.confirmed_cases`,
            activeCases: sql`excluded.active_cases`,
            recoveredCases: sql`excluded.recovered_cases`,
            deaths: sql`excluded.deaths`,
            lastUpdated: sql`excluded.last_updated`,
            sourceAgency: sql`excluded.source_agency`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`(${outbreakCases.diseaseName}, ${outbreakCases.severity}, ${outbreakCases.location},
            ${outbreakCases.country}, ${outbreakCases.confirmedCases}, ${outbreakCases.activeCases},
            ${outbreakCases.recoveredCases}, ${outbreakCases.deaths}, ${outbreakCases.lastUpdated},
            ${outbreakCases.sourceAgency})
            is distinct from (excluded.disease_name, excluded.severity, excluded.location, excluded.country,
            excluded.confirmed_cases, excluded.active_cases, excluded.recovered_cases, excluded.deaths,
            excluded.last_updated, excluded.source_agency)`,
        });
    }
    return [...unique.values()].filter((c) => c.severity === 'critical' && !alreadyCritical.has(c.externalId));
  });
}

/** One urgent notification per active doctor for the critical outbreaks this sync brought. */
async function alertDoctors(db: Db, critical: SourcedCase[]) {
  const [first] = critical;
  // Disease and country names come from the source in English; other languages name them "Disease (Country)".
  const text: NotificationText = {
    titleKey: critical.length === 1 ? 'notify.outbreak.titleOne' : 'notify.outbreak.titleMany',
    messageKey: 'notify.outbreak.message',
    values: {
      disease: first.diseaseName,
      count: critical.length,
      list: critical
        .slice(0, 3)
        .map((c) => `${c.diseaseName} (${c.country})`)
        .join('; ')
        .slice(0, 400),
      more: Math.max(0, critical.length - 3),
    },
  };
  await db.transaction(async (tx) => {
    const doctors = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'doctor'), eq(users.isActive, true)));
    for (const doctor of doctors) {
      await notify(tx, { userId: doctor.id, type: 'outbreak_alert', priority: 'urgent', text });
    }
  });
}
