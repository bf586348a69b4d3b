import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { describeDbError } from '../db/errors';
import type { Bus } from './bus';
import { storeMessages, type NewChatMessage, type StoreResult } from '../modules/consultations/chat';

const MAX_BATCH = 200;

type Pending = { input: NewChatMessage; resolve: (r: StoreResult) => void; reject: (e: unknown) => void };

/**
 * Group commit for chat: messages that arrive while a write is in flight go together in the next
 * statement. Idle, a message is written at once (one event-loop turn later); busy, the cost per
 * statement is shared, which is what keeps latency flat as the message rate grows.
 *
 * A batch shares a statement but never a fate: when the batch fails, each message is written on
 * its own, so a row the database refuses fails only its sender.
 */
export function createChatWriter(db: Db, bus: Bus | null, log?: FastifyBaseLogger) {
  let queue: Pending[] = [];
  let busy = false;

  const writeAlone = async (item: Pending) => {
    try {
      const [result] = await storeMessages(db, [item.input], bus);
      item.resolve(result);
    } catch (error) {
      log?.warn({ category: 'realtime', db: describeDbError(error) }, 'chat message refused by the database');
      item.reject(error);
    }
  };

  const flush = async () => {
    busy = true;
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const results = await storeMessages(
          db,
          batch.map((item) => item.input),
          bus,
        );
        batch.forEach((item, i) => item.resolve(results[i]));
      } catch (error) {
        if (batch.length === 1) {
          log?.warn({ category: 'realtime', db: describeDbError(error) }, 'chat message refused by the database');
          batch[0].reject(error);
        } else {
          for (const item of batch) await writeAlone(item);
        }
      }
    }
    busy = false;
  };

  return {
    store(input: NewChatMessage): Promise<StoreResult> {
      return new Promise((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (!busy) {
          busy = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
export type ChatWriter = ReturnType<typeof createChatWriter>;
