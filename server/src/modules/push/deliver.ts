import { and, eq, inArray } from 'drizzle-orm';
import { PUSH_REMINDER_BEFORE_MS, PUSH_REMINDER_GRACE_MS } from '@common/constants/push';
import { languageOf } from '@common/i18n/negotiate';
import type { PushSettings } from '../../config/push';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import { bindJob } from '../jobs/worker';
import { pushJob } from './job';
import { vapidKeys } from './keys';
import { sendPush, TTL } from './send';
import { composeNotice } from './texts';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

/**
 * Sends a push job to every device of its person. A device the push service says is gone (404,
 * 410) is deleted. When no device took it and at least one failed otherwise, the job throws and
 * the queue tries again later; when some took it, it is done (the others are not sent twice).
 */
export const pushBinding = (deps: { db: Db; settings: PushSettings; clock: Clock }) =>
  bindJob(pushJob, async (job) => {
    const { db } = deps;
    const payload = job.payload;
    const now = deps.clock.now();
    if (payload.notice === 'reminder') {
      const due = new Date(payload.startsAt).getTime() - PUSH_REMINDER_BEFORE_MS;
      if (now.getTime() > due + PUSH_REMINDER_GRACE_MS) return { status: 'dropped', reason: 'too late for a reminder' };
    }
    const vapid = await vapidKeys(db, deps.settings);
    if (!vapid) return { status: 'dropped', reason: 'push is off on this server' };
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, payload.userId));
    if (devices.length === 0) return { status: 'dropped', reason: 'no device subscribed' };
    const [person] = await db
      .select({ language: users.language, deletedAt: users.deletedAt, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, payload.userId));
    if (!person || person.deletedAt || !person.isActive) return { status: 'dropped', reason: 'the account is closed' };
    const composed = await composeNotice(db, payload, languageOf(person.language) ?? DEFAULT_LANGUAGE, now);
    if ('drop' in composed) return { status: 'dropped', reason: composed.drop };
    const text = JSON.stringify(composed.message);
    const ttl = payload.notice === 'reminder' ? TTL.reminder : TTL.other;
    const results = await Promise.all(devices.map((device) => sendPush(device, text, vapid, ttl)));
    const gone = devices.filter((_, i) => results[i] === 'gone').map((d) => d.id);
    const sent = devices.filter((_, i) => results[i] === 'sent').map((d) => d.id);
    if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (sent.length) {
      await db
        .update(pushSubscriptions)
        .set({ lastSentAt: now })
        .where(and(inArray(pushSubscriptions.id, sent), eq(pushSubscriptions.userId, payload.userId)));
    }
    if (sent.length === 0 && results.includes('failed')) throw new Error('no push service took the notice');
    return sent.length ? { status: 'done' } : { status: 'dropped', reason: 'every device was gone' };
  });
