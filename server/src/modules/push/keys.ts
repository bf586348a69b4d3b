import webpush from 'web-push';
import type { PushSettings } from '../../config/push';
import type { Db } from '../../db/client';
import { pushVapidKeys } from '../../db/schema';

export type Vapid = { publicKey: string; privateKey: string; subject: string };

/** One read per database and process: the keys never change while a server runs. */
const known = new WeakMap<Db, Promise<Vapid | null>>();

/**
 * This server's VAPID keys: the configured pair; in demo mode the pair stored in the database,
 * made on first need (instances starting together agree: the first insert wins, every instance
 * reads the row back); null when push is off.
 */
export function vapidKeys(db: Db, settings: PushSettings): Promise<Vapid | null> {
  const { keys, subject } = settings;
  if (keys.kind === 'configured')
    return Promise.resolve({ publicKey: keys.publicKey, privateKey: keys.privateKey, subject });
  if (keys.kind === 'off') return Promise.resolve(null);
  let pending = known.get(db);
  if (!pending) {
    pending = storedKeys(db).then((pair) => ({ ...pair, subject }));
    // A database that could not answer now is asked again next time.
    pending.catch(() => known.delete(db));
    known.set(db, pending);
  }
  return pending;
}

async function storedKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const [stored] = await db.select().from(pushVapidKeys);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [row] = await db.select().from(pushVapidKeys);
  return row;
}
