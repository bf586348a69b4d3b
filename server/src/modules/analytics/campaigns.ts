import { desc } from 'drizzle-orm';
import type { Campaign } from '@common/schemas/analytics';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';

type Row = typeof campaigns.$inferSelect;
const present = (r: Row): Campaign => ({
  id: r.id,
  name: r.name,
  audience: r.audience,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
});

export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt)).limit(200);
  return rows.map(present);
}

/** Stores a campaign draft; sending waits for the mailer. */
export async function createCampaign(
  db: Db,
  actor: AuditActor,
  input: { name: string; audience: Row['audience']; message: string },
  now: Date,
): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ ...input, createdBy: actor.id, createdAt: now })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'campaign.create',
        target: { type: 'campaign', id: row.id },
        after: { name: row.name, audience: row.audience },
      },
      now,
    );
    return present(row);
  });
}
