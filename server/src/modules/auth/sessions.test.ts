import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE } from '@common/schemas/realtime';
import { sessions } from '../../db/schema';
import { createUser } from '../../db/factories';
import { createSession, hashToken } from '../../http/session';
import type { Bus, BusEvent } from '../../realtime/bus';
import { Hub } from '../../realtime/hub';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { endSessions } from './sessions';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A socket that only records how it was closed. */
function fakeSocket() {
  const socket = {
    OPEN: 1,
    readyState: 1,
    closedWith: null as number | null,
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = 3;
    },
  };
  return socket;
}

/** A hub whose bus records what it would tell other instances. */
function hubWithBus() {
  const hub = new Hub();
  const published: BusEvent[] = [];
  hub.bus = { publish: async (e: BusEvent) => void published.push(e) } as unknown as Bus;
  return { hub, published };
}

async function userWithSessions(n: number) {
  const user = await createUser(t.db);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(hashToken(await createSession(t.db, user.id)));
  return { user, ids };
}

const remaining = async (userId: string) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.id).sort();

describe('endSessions', () => {
  it("never ends another user's session, even when named with `only`", async () => {
    const victim = await userWithSessions(1);
    const attacker = await userWithSessions(1);
    const { hub } = hubWithBus();
    const socket = fakeSocket();
    hub.addClient(socket as unknown as WebSocket, { id: victim.user.id } as never, victim.ids[0]);
    const ended = await endSessions({ db: t.db, realtime: { hub } }, attacker.user.id, { only: victim.ids[0] });
    expect(ended).toEqual([]);
    expect(await remaining(victim.user.id)).toEqual(victim.ids);
    expect(socket.closedWith).toBeNull();
  });

  it('ends every other session of the user and closes their sockets here and on other instances', async () => {
    const { user, ids } = await userWithSessions(3);
    const bystander = await userWithSessions(1);
    const { hub, published } = hubWithBus();
    const sockets = ids.map((id) => {
      const socket = fakeSocket();
      hub.addClient(socket as unknown as WebSocket, { id: user.id } as never, id);
      return socket;
    });
    const ended = await endSessions({ db: t.db, realtime: { hub } }, user.id, { except: ids[0] });
    expect(ended.sort()).toEqual(ids.slice(1).sort());
    expect(await remaining(user.id)).toEqual([ids[0]]);
    expect(await remaining(bystander.user.id)).toEqual(bystander.ids);
    expect(sockets.map((s) => s.closedWith)).toEqual([null, SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE]);
    expect(published).toEqual([{ t: 'close_sessions', sessionIds: ended }]);
  });

  it('ends only the one named, or all of them', async () => {
    const { user, ids } = await userWithSessions(3);
    const { hub } = hubWithBus();
    expect(await endSessions({ db: t.db, realtime: { hub } }, user.id, { only: ids[1] })).toEqual([ids[1]]);
    expect(await remaining(user.id)).toEqual([ids[0], ids[2]].sort());
    expect((await endSessions({ db: t.db, realtime: { hub } }, user.id)).sort()).toEqual([ids[0], ids[2]].sort());
    expect(await remaining(user.id)).toEqual([]);
  });

  it("closes this instance's sockets when another instance announces ended sessions", () => {
    const { hub } = hubWithBus();
    const ours = fakeSocket();
    const theirs = fakeSocket();
    hub.addClient(ours as unknown as WebSocket, { id: 'u' } as never, 'ended-session');
    hub.addClient(theirs as unknown as WebSocket, { id: 'u' } as never, 'live-session');
    hub.onBusEvent({ t: 'close_sessions', sessionIds: ['ended-session'] });
    expect(ours.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(theirs.closedWith).toBeNull();
  });
});
