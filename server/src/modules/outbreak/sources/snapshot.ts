import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { OUTBREAK_SEVERITIES } from '@common/constants/outbreak';
import { fromRoot } from '../../../core/paths';
import type { OutbreakSource, SourcedCase } from './source';

/** The bundled file; its date is shown on the page as the age of the data it supplies. */
export const SNAPSHOT_FILE = fromRoot('server/src/modules/outbreak/snapshot/outbreaks-2025-10-15.json');

const count = z.number().int().min(0).nullable();
const snapshotSchema = z.object({
  asOf: z.iso.date(),
  note: z.string(),
  cases: z.array(
    z.object({
      externalId: z.string().min(1).max(100),
      diseaseName: z.string().min(1).max(200),
      severity: z.enum(OUTBREAK_SEVERITIES),
      location: z.string().max(200),
      country: z.string().min(1).max(100),
      confirmedCases: count,
      activeCases: count,
      recoveredCases: count,
      deaths: count,
      lastUpdated: z.iso.datetime(),
      sourceAgency: z.string().min(1).max(200),
    }),
  ),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

let cached: Promise<Snapshot> | null = null;

/** Read once per process: the file only changes with a release. */
export function loadSnapshot(): Promise<Snapshot> {
  cached ??= readFile(SNAPSHOT_FILE, 'utf8').then((text) => snapshotSchema.parse(JSON.parse(text)));
  return cached;
}

export class SnapshotSource implements OutbreakSource {
  readonly name = 'snapshot' as const;

  async fetchCases(): Promise<SourcedCase[]> {
    const snapshot = await loadSnapshot();
    return snapshot.cases.map((c) => ({ ...c, lastUpdated: new Date(c.lastUpdated) }));
  }
}
