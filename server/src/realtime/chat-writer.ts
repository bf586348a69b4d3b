import type { Db } from '../db/client';
import type { Bus } from './bus';
import { storeMessages, type NewChatMessage, type StoreResult } from '../modules/consultations/chat';

const MAX_BATCH = 200;

/**
 * Group commit for chat: messages that arrive while a write is in flight go together in the next
 * statement. Idle, a message is written at once (one event-loop turn later); busy, the cost per
 * statement is shared, which is what keeps latency flat as the message rate grows.
 */
export function createChatWriter(db: Db, bus: Bus | null) {
  let queue: { input: NewChatMessage; resolve: (r: StoreResult) => void; reject: (e: unknown) => void }[] = [];
  let busy = false;

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
        batch.forEach((item) => item.reject(error));
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
