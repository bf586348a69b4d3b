import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CAMPAIGN_AUDIENCES, type CampaignAudience } from '@common/constants/admin';
import type { Campaign, CampaignAudiences } from '@common/schemas/analytics';
import type { Db } from '../../db/client';
import { campaigns, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { enqueueMarketingEmails } from '../mail/events';

type Row = typeof campaigns.$inferSelect;
const present = (r: Row): Campaign => ({
  id: r.id,
  name: r.name,
  audience: r.audience,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  recipientCount: r.recipientCount,
  optedOutCount: r.optedOutCount,
});

const USER_TYPES: Record<CampaignAudience, ('patient' | 'doctor')[]> = {
  patients: ['patient'],
  doctors: ['doctor'],
  all: ['patient', 'doctor'],
};

/**
 * The people a campaign can address: active accounts, not deleted, with a confirmed address (mail
 * to an unconfirmed one may reach a stranger). Administrators are staff, not an audience.
 */
const reachable = (audience: CampaignAudience) =>
  and(
    inArray(users.userType, USER_TYPES[audience]),
    eq(users.isActive, true),
    isNull(users.deletedAt),
    isNotNull(users.emailVerifiedAt),
  );

export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt)).limit(200);
  return rows.map(present);
}

/** Who each audience would reach now, and who it would leave out because they opted out. */
export async function campaignAudiences(db: Db): Promise<CampaignAudiences> {
  const rows = await db
    .select({
      userType: users.userType,
      recipients: sql<number>`(count(*) filter (where not ${users.marketingEmailOptOut}))::int`,
      optedOut: sql<number>`(count(*) filter (where ${users.marketingEmailOptOut}))::int`,
    })
    .from(users)
    .where(reachable('all'))
    .groupBy(users.userType);
  const of = (audience: CampaignAudience) => {
    const parts = rows.filter((r) => (USER_TYPES[audience] as string[]).includes(r.userType));
    return {
      recipients: parts.reduce((n, r) => n + Number(r.recipients), 0),
      optedOut: parts.reduce((n, r) => n + Number(r.optedOut), 0),
    };
  };
  return Object.fromEntries(CAMPAIGN_AUDIENCES.map((a) => [a, of(a)])) as CampaignAudiences;
}

/** Stores a campaign draft; sending it is a separate, deliberate step. */
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

/**
 * Sends a draft, once: queues one marketing e-mail per person of its audience who has not opted out
 * (the mail worker checks the opt-out again when each goes). The conditional update claims the
 * draft, so two clicks or two administrators send it a single time.
 */
export async function sendCampaign(db: Db, actor: AuditActor, id: string, now: Date): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(campaigns)
      .set({ sentAt: now, sentBy: actor.id })
      .where(and(eq(campaigns.id, id), isNull(campaigns.sentAt)))
      .returning();
    if (!claimed) {
      const [exists] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id));
      if (!exists) throw notFound('Campaign');
      throw localizedError('conflict', 'errors.campaignSent');
    }
    const audience = await tx
      .select({ id: users.id, optedOut: users.marketingEmailOptOut })
      .from(users)
      .where(reachable(claimed.audience));
    const recipients = audience.filter((person) => !person.optedOut).map((person) => person.id);
    await enqueueMarketingEmails(tx, recipients, { subject: claimed.name, message: claimed.message }, now);
    const [sent] = await tx
      .update(campaigns)
      .set({ recipientCount: recipients.length, optedOutCount: audience.length - recipients.length })
      .where(eq(campaigns.id, id))
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'campaign.send',
        target: { type: 'campaign', id },
        after: { recipients: recipients.length, optedOut: audience.length - recipients.length },
      },
      now,
    );
    return present(sent);
  });
}
