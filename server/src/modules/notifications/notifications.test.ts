import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../../db/factories';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notifications', () => {
  it('lists only my notifications, newest first', async () => {
    const me = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    await createNotification(t.db, { userId: me.user.id, title: 'Older', createdAt: new Date(Date.now() - 60_000) });
    await createNotification(t.db, { userId: me.user.id, title: 'Newer', type: 'outbreak_alert', priority: 'urgent' });
    await createNotification(t.db, { userId: other.user.id, title: 'Not mine' });
    const res = await t.app.inject({ url: '/api/notifications', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((n: { title: string }) => n.title)).toEqual(['Newer', 'Older']);
    expect(res.json()[0]).toMatchObject({ type: 'outbreak_alert', priority: 'urgent', isRead: false });
  });

  it('marks my notification read, and read stays read', async () => {
    const me = await signedInUser(t.db);
    const n = await createNotification(t.db, { userId: me.user.id });
    const url = `/api/notifications/${n.id}/read`;
    const first = await t.app.inject({ method: 'PATCH', url, headers: { cookie: me.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.json().isRead).toBe(true);
    const again = await t.app.inject({ method: 'PATCH', url, headers: { cookie: me.cookie } });
    expect(again.json().isRead).toBe(true);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const me = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    const theirs = await createNotification(t.db, { userId: other.user.id });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${theirs.id}/read`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/notifications', headers: { cookie: other.cookie } });
    expect(list.json()[0].isRead).toBe(false);
  });

  it('rejects a malformed id with 400', async () => {
    const me = await signedInUser(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/not-a-uuid/read',
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/UUID/);
  });

  it("marks all of mine read at once, and nobody else's", async () => {
    const me = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    await createNotification(t.db, { userId: me.user.id, title: 'One' });
    await createNotification(t.db, { userId: me.user.id, title: 'Two', priority: 'urgent' });
    await createNotification(t.db, { userId: me.user.id, title: 'Read already', isRead: true });
    await createNotification(t.db, { userId: other.user.id, title: 'Theirs' });
    const url = '/api/notifications/read-all';
    const first = await t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ updated: 2 });
    const mine = await t.app.inject({ url: '/api/notifications', headers: { cookie: me.cookie } });
    expect(mine.json().map((n: { isRead: boolean }) => n.isRead)).toEqual([true, true, true]);
    const theirs = await t.app.inject({ url: '/api/notifications', headers: { cookie: other.cookie } });
    expect(theirs.json()[0].isRead).toBe(false);
    const again = await t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie } });
    expect(again.json()).toEqual({ updated: 0 });
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
  });
});
