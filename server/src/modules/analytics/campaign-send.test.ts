import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, campaigns, emailMessages, jobs } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/** This file's database holds only the people made here, so the audience is exactly them. */
let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.db, { userType: 'admin' });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ cookie });
const draft = async (audience: 'patients' | 'doctors' | 'all', name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/campaigns',
    headers: as(admin.cookie),
    payload: { name, audience, message: 'New specialists joined Medora.\n\nBook them from today.' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; sentAt: string | null };
};
const send = (id: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/analytics/campaigns/${id}/send`, headers: as(cookie) });

describe('sending a campaign', () => {
  it('queues one e-mail per opted-in person of the audience, sends them through the mail queue, once', async () => {
    const reader = await signedInUser(t.db, { userType: 'patient', email: 'reader@example.com' });
    await signedInUser(t.db, { userType: 'patient', email: 'second-reader@example.com' });
    await signedInUser(t.db, { userType: 'patient', email: 'opted-out@example.com', marketingEmailOptOut: true });
    await signedInUser(t.db, { userType: 'patient', email: 'inactive@example.com', isActive: false });
    await signedInUser(t.db, { userType: 'patient', email: 'unconfirmed@example.com', emailVerifiedAt: null });
    await signedInUser(t.db, { userType: 'doctor', email: 'doctor-reader@example.com' });

    const audiences = await t.app.inject({ url: '/api/analytics/campaign-audiences', headers: as(admin.cookie) });
    expect(audiences.json()).toEqual({
      patients: { recipients: 2, optedOut: 1 },
      doctors: { recipients: 1, optedOut: 0 },
      all: { recipients: 3, optedOut: 1 },
    });

    const campaign = await draft('patients', 'Spring news');
    expect(campaign.sentAt).toBeNull();
    // A draft sends nothing.
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'email'))).toEqual([]);

    const sent = await send(campaign.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: campaign.id, recipientCount: 2, optedOutCount: 1 });
    expect(sent.json().sentAt).toEqual(expect.any(String));

    await t.app.jobWorker.runDue();
    const mail = await t.db
      .select({ to: emailMessages.toAddress, status: emailMessages.status, subject: emailMessages.subject })
      .from(emailMessages)
      .where(eq(emailMessages.kind, 'campaign'));
    expect(mail.map((m) => m.to).sort()).toEqual(['reader@example.com', 'second-reader@example.com']);
    // No SMTP in tests: each is kept in the outbox, with the campaign's name as its subject.
    expect(mail.every((m) => m.status === 'stored' && m.subject === 'Spring news')).toBe(true);
    const [body] = await t.db
      .select({ text: emailMessages.textBody })
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'campaign'), eq(emailMessages.userId, reader.user.id)));
    expect(body.text).toContain('Book them from today.');
    expect(body.text).toContain('Unsubscribe from marketing e-mail');

    const again = await send(campaign.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This campaign was already sent.');
    await t.app.jobWorker.runDue();
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.kind, 'campaign'))).toHaveLength(2);

    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, campaign.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['campaign.create', 'campaign.send']);
  });

  it('sends a campaign once however many clicks race', async () => {
    const campaign = await draft('doctors', 'Doctors only');
    const replies = await Promise.all([send(campaign.id), send(campaign.id), send(campaign.id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row.recipientCount).toBe(1);
  });

  it('is for administrators only, and answers 404 for a campaign that does not exist', async () => {
    const campaign = await draft('all', 'Everyone');
    const patient = await signedInUser(t.db, { userType: 'patient' });
    expect((await send(campaign.id, patient.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/analytics/campaigns/${campaign.id}/send` })).statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row.sentAt).toBeNull();
    expect((await send('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await send('not-a-uuid')).statusCode).toBe(400);
  });
});
