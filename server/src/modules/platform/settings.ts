import { eq } from 'drizzle-orm';
import type { EmailEvent } from '@common/constants/admin';
import type { PlatformSettings, PlatformSettingsValues } from '@common/schemas/platform-settings';
import type { Db } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';

type SettingsRow = typeof platformSettings.$inferSelect;

/**
 * The settings as they are now. Read from the database on every use (one primary-key row), so a
 * change made on one instance applies on every instance from the next request, without a restart.
 * Runs on the caller's transaction when given one, so a rule and the change it governs agree.
 */
export async function readSettings(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  if (row) return row;
  // The migration inserts the row; this covers a database where someone deleted it.
  const [created] = await db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(platformSettings).where(eq(platformSettings.id, 1)))[0];
}

export function presentSettings(row: SettingsRow): PlatformSettings {
  return {
    platformFeePercent: row.platformFeePercent,
    minConsultationFee: row.minConsultationFee,
    maxConsultationFee: row.maxConsultationFee,
    autoVerifyThreshold: row.autoVerifyThreshold,
    emailEvents: row.emailEvents as EmailEvent[],
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

const SETTING_KEYS = [
  'platformFeePercent',
  'minConsultationFee',
  'maxConsultationFee',
  'autoVerifyThreshold',
  'emailEvents',
] as const;

export async function updateSettings(
  db: Db,
  actor: AuditActor,
  input: PlatformSettingsValues,
  now: Date,
): Promise<PlatformSettings> {
  return db.transaction(async (tx) => {
    const before = presentSettings(await readSettings(tx));
    const [row] = await tx
      .update(platformSettings)
      .set({ ...input, updatedAt: now, updatedBy: actor.id })
      .where(eq(platformSettings.id, 1))
      .returning();
    const after = presentSettings(row);
    const changed = SETTING_KEYS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    await recordAudit(
      tx,
      actor,
      {
        action: 'settings.update',
        target: { type: 'platform_settings', id: '1' },
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
      now,
    );
    return after;
  });
}
