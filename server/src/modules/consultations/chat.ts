import { sql } from 'drizzle-orm';
import type { ChatMessage } from '@common/schemas/consultations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appointments, chatMessages, consultations } from '../../db/schema';
import { messageAlreadyStored, presentMessage } from '../../policies/consultation';
import type { Bus } from '../../realtime/bus';

/*
 * The chat's writer. Reading the conversation is the consultation policy's (policies/consultation.ts):
 * it checks who may and audits the read.
 */

export type StoreResult = { kind: 'stored'; message: ChatMessage } | { kind: 'duplicate' } | { kind: 'ended' };
export type NewChatMessage = {
  consultationId: string;
  senderId: string;
  senderName: string;
  message: string;
  clientMessageId: string;
};

const rowKey = (r: { consultation_id: string; sender_id: string; client_message_id: string }) => ({
  consultationId: r.consultation_id,
  senderId: r.sender_id,
  clientMessageId: r.client_message_id,
});
const keyOf = (m: { consultationId: string; senderId: string; clientMessageId: string }) =>
  `${m.consultationId}|${m.senderId}|${m.clientMessageId}`;

/**
 * Stores chat messages (one insert for a batch) and, in the same transaction, notifies the other
 * instances, so a message is broadcast to them if and only if it was stored. Refused once the
 * consultation has ended; a resend with the same clientMessageId is stored once. Results are in
 * the order of `inputs`.
 */
export async function storeMessages(
  db: Db,
  inputs: NewChatMessage[],
  /** The cross-instance bus, or null when no other instance can exist (embedded database). */
  bus: Pick<Bus, 'notifyStatement'> | null,
): Promise<StoreResult[]> {
  const values = sql.join(
    inputs.map(
      (m, ord) =>
        sql`(${m.consultationId}::uuid, ${m.senderId}::uuid, ${m.senderName}::text, ${m.message}::text, ${m.clientMessageId}::uuid, ${ord}::int)`,
    ),
    sql`, `,
  );
  // Both drivers answer execute() with `{ rows }`; the id is a bigint (a string from node-postgres).
  const insert = sql`
    with v (consultation_id, sender_id, sender_name, message, client_message_id, ord) as (values ${values})
    insert into ${chatMessages} (consultation_id, sender_id, sender_name, message, client_message_id)
    select v.consultation_id, v.sender_id, v.sender_name, v.message, v.client_message_id
    from v join ${consultations} c on c.appointment_id = v.consultation_id and c.status <> 'ended'
    join ${appointments} a on a.id = v.consultation_id and a.status <> 'cancelled'
    order by v.ord
    on conflict (consultation_id, sender_id, client_message_id) do nothing
    returning id, created_at, consultation_id, sender_id, client_message_id`;
  type Inserted = {
    id: number | string;
    created_at: string | Date;
    consultation_id: string;
    sender_id: string;
    client_message_id: string;
  };
  // Each stored row, presented once, keyed like its input; the first input of a key is the one
  // stored, and a repeat of it in the same batch is a duplicate.
  const firstByKey = new Map<string, NewChatMessage>();
  for (const input of inputs) if (!firstByKey.has(keyOf(input))) firstByKey.set(keyOf(input), input);
  const present = (rows: Inserted[]) =>
    new Map(
      rows.map((row) => {
        const input = firstByKey.get(keyOf(rowKey(row)))!;
        const message = presentMessage({ ...input, id: Number(row.id), createdAt: new Date(row.created_at) });
        return [keyOf(input), { consultationId: input.consultationId, message }] as const;
      }),
    );
  // Alone (embedded database) the insert is the whole write. With other instances, they hear of a
  // message if and only if it was stored: the notify commits with the insert. It carries only the
  // ids, per consultation, so its size does not depend on what people write; listeners read the rows.
  const stored = !bus
    ? present(rowsOf<Inserted>(await db.execute(insert)))
    : await db.transaction(async (tx) => {
        const inserted = present(rowsOf<Inserted>(await tx.execute(insert)));
        const notify = bus.notifyStatement(...announcements([...inserted.values()]));
        if (notify) await tx.execute(notify);
        return inserted;
      });
  const out: StoreResult[] = [];
  for (const input of inputs) {
    const row = stored.get(keyOf(input));
    if (row) {
      stored.delete(keyOf(input)); // the same id twice in one batch: the second is a duplicate
      out.push({ kind: 'stored', message: row.message });
    } else {
      out.push(await refusal(db, input));
    }
  }
  return out;
}

function announcements(stored: { consultationId: string; message: ChatMessage }[]) {
  const ids = new Map<string, number[]>();
  for (const { consultationId, message } of stored) {
    ids.set(consultationId, [...(ids.get(consultationId) ?? []), message.messageId]);
  }
  return [...ids].map(([consultationId, messageIds]) => ({ t: 'chat' as const, consultationId, messageIds }));
}

/** Why a message was not stored: already stored under its clientMessageId, or the consultation ended. */
async function refusal(db: Db, input: NewChatMessage): Promise<StoreResult> {
  return (await messageAlreadyStored(db, input)) ? { kind: 'duplicate' } : { kind: 'ended' };
}
