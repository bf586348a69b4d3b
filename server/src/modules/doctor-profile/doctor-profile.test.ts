import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctors, notifications } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Nine required fields + both lists = 11 of 12.5 points = 88 %. */
const fullDraft = {
  specialty: 'Cardiology',
  experience: 12,
  location: 'Lagos',
  country: 'Nigeria',
  timeZone: 'Africa/Lagos',
  about: 'Heart health for adults.',
  languages: ['English', ' English ', '', 'French'],
  education: 'MBBS',
  medicalSchool: 'University of Lagos',
  licenseNumber: 'NG-123456',
  certifications: ['FACC'],
  consultationFee: '150.00',
  phoneCallFee: '120.5',
  inPersonFee: 200,
  availableFrom: '09:00',
  availableTo: '17:00',
  profileCompleteness: 100,
};

const doctorSession = () => signedInUser(t.db, { userType: 'doctor', firstName: 'Amara', lastName: 'Obi' });
const put = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/doctors/profile', headers: { cookie }, payload });
const publish = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/doctors/profile/publish', headers: { cookie } });

describe('doctor profile save', () => {
  it('answers null before the first save, then creates an unverified draft', async () => {
    const me = await doctorSession();
    const before = await t.app.inject({ url: '/api/profile/doctor', headers: { cookie: me.cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const res = await put(me.cookie, { specialty: 'Cardiology' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      specialty: 'Cardiology',
      isVerified: false,
      profileStatus: 'draft',
      profileCompleteness: 8,
    });
    const own = await t.app.inject({ url: '/api/profile/doctor', headers: { cookie: me.cookie } });
    expect(own.json()).toMatchObject({ userId: me.user.id, user: { firstName: 'Amara' } });
  });

  it('recomputes completeness on the server, ignoring the client number', async () => {
    const me = await doctorSession();
    const res = await put(me.cookie, { specialty: 'Cardiology', location: 'Lagos', profileCompleteness: 100 });
    expect(res.json().profileCompleteness).toBe(16);
    const [row] = await t.db.select().from(doctors).where(eq(doctors.userId, me.user.id));
    expect(row.profileCompleteness).toBe(16);
  });

  it('stores fees as cents (video fee = consultation fee) and cleans chip lists', async () => {
    const me = await doctorSession();
    const res = await put(me.cookie, fullDraft);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      consultationFee: 15000,
      videoCallFee: 15000,
      phoneCallFee: 12050,
      inPersonFee: 20000,
      languages: ['English', 'French'],
      profileCompleteness: 88,
      timeZone: 'Africa/Lagos',
    });
  });

  it('keeps fields that are not sent and clears fields sent blank', async () => {
    const me = await doctorSession();
    await put(me.cookie, fullDraft);
    const res = await put(me.cookie, { about: '', phoneCallFee: '' });
    expect(res.json()).toMatchObject({
      about: null,
      phoneCallFee: null,
      specialty: 'Cardiology',
      consultationFee: 15000,
      profileCompleteness: 80,
    });
  });

  it.each([
    ['consultationFee', '49.99'],
    ['consultationFee', '500.01'],
    ['phoneCallFee', 10],
    ['inPersonFee', '150.123'],
    ['inPersonFee', 'free'],
  ])('refuses %s = %j outside $50–$500 or not in dollars, changing nothing', async (field, value) => {
    const me = await doctorSession();
    await put(me.cookie, fullDraft);
    const res = await put(me.cookie, { ...fullDraft, about: 'Changed', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeTruthy();
    const [row] = await t.db.select().from(doctors).where(eq(doctors.userId, me.user.id));
    expect(row.about).toBe(fullDraft.about);
  });

  it('accepts the exact bounds $50 and $500', async () => {
    const me = await doctorSession();
    const res = await put(me.cookie, { consultationFee: '50', inPersonFee: '500.00' });
    expect(res.json()).toMatchObject({ consultationFee: 5000, inPersonFee: 50000 });
  });

  it.each([
    ['specialty', 'Astrology'],
    ['experience', -1],
    ['experience', 2.5],
    ['website', 'javascript:alert(1)'],
    ['timeZone', 'Mars/Olympus'],
    ['availableFrom', '25:00'],
    ['languages', 'English'],
  ])('refuses a bad %s (%j) with 400', async (field, value) => {
    const me = await doctorSession();
    const res = await put(me.cookie, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('is for doctors only', async () => {
    const patient = await signedInUser(t.db, { userType: 'patient' });
    expect((await put(patient.cookie, fullDraft)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/doctors/profile', payload: fullDraft })).statusCode).toBe(
      401,
    );
  });
});

describe('publish', () => {
  it('refuses below 70 % with a clear 400 and leaves the draft', async () => {
    const me = await doctorSession();
    const { certifications: _c, languages: _l, about: _a, ...lowDraft } = fullDraft; // 8 points = 64 %
    expect((await put(me.cookie, lowDraft)).json().profileCompleteness).toBe(64);
    const res = await publish(me.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your profile is 64% complete. Complete at least 70% before publishing.');
    const [row] = await t.db.select().from(doctors).where(eq(doctors.userId, me.user.id));
    expect(row.profileStatus).toBe('draft');
  });

  it('refuses a doctor with no profile yet', async () => {
    const me = await doctorSession();
    expect((await publish(me.cookie)).statusCode).toBe(400);
  });

  it('moves a profile at 70 % or more to pending_verification, still unverified', async () => {
    const me = await doctorSession();
    await put(me.cookie, fullDraft);
    const res = await publish(me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profileStatus: 'pending_verification', isVerified: false });
  });
});

describe('verification and visibility', () => {
  const admin = () => signedInUser(t.db, { userType: 'admin' });
  const verify = (cookie: string, doctorId: string, isVerified: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/doctors/${doctorId}/verify`,
      headers: { cookie },
      payload: { isVerified },
    });
  const setActive = (cookie: string, doctorId: string, isActive: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/doctors/${doctorId}/status`,
      headers: { cookie },
      payload: { isActive },
    });

  it('hides an unverified or inactive doctor from others, shows a verified active one, and notifies once', async () => {
    const me = await doctorSession();
    const patient = await signedInUser(t.db, { userType: 'patient' });
    const boss = await admin();
    const profile = (await put(me.cookie, fullDraft)).json();
    await publish(me.cookie);
    const view = (cookie?: string) =>
      t.app.inject({ url: `/api/doctors/profile/${me.user.id}`, headers: cookie ? { cookie } : {} });

    expect((await view(patient.cookie)).statusCode).toBe(404);
    expect((await view()).statusCode).toBe(404);
    expect((await view(me.cookie)).statusCode).toBe(200);
    expect((await view(boss.cookie)).statusCode).toBe(200);

    const verified = await verify(boss.cookie, profile.id, true);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ isVerified: true, profileStatus: 'verified' });
    expect((await view(patient.cookie)).statusCode).toBe(200);
    expect((await view()).json()).toMatchObject({ isVerified: true, isActive: true });

    await verify(boss.cookie, profile.id, true); // again: no second notification
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(notes.map((n) => n.title)).toEqual(['Profile Verified']);

    expect((await setActive(boss.cookie, profile.id, false)).json().isActive).toBe(false);
    expect((await view(patient.cookie)).statusCode).toBe(404);
    await setActive(boss.cookie, profile.id, true);
    expect((await view(patient.cookie)).statusCode).toBe(200);

    const unverified = await verify(boss.cookie, profile.id, false);
    expect(unverified.json()).toMatchObject({ isVerified: false, profileStatus: 'pending_verification' });
    expect((await view(patient.cookie)).statusCode).toBe(404);
  });

  it('hides a verified, active doctor from others once an administrator deactivates their account', async () => {
    const me = await doctorSession();
    const patient = await signedInUser(t.db, { userType: 'patient' });
    const boss = await admin();
    const profile = (await put(me.cookie, fullDraft)).json();
    await publish(me.cookie);
    await verify(boss.cookie, profile.id, true);
    const view = (cookie?: string) =>
      t.app.inject({ url: `/api/doctors/profile/${me.user.id}`, headers: cookie ? { cookie } : {} });
    expect((await view(patient.cookie)).statusCode).toBe(200);

    const deactivate = (isActive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${me.user.id}/status`,
        headers: { cookie: boss.cookie },
        payload: { isActive },
      });
    expect((await deactivate(false)).statusCode).toBe(200);
    expect((await view(patient.cookie)).statusCode).toBe(404);
    expect((await view()).statusCode).toBe(404);
    // The profile itself is untouched: still verified and active, and admins still see it.
    expect((await view(boss.cookie)).json()).toMatchObject({ isVerified: true, isActive: true });

    expect((await deactivate(true)).statusCode).toBe(200);
    expect((await view(patient.cookie)).statusCode).toBe(200);
  });

  it('lists a doctor in search only once verified (when the search route is there)', async () => {
    const hasSearch = t.app.routeTable.some((r) => r.url === '/api/doctors/search');
    if (!hasSearch) return;
    const me = await signedInUser(t.db, { userType: 'doctor', firstName: 'Zebulon', lastName: 'Quixwell' });
    const profile = (await put(me.cookie, fullDraft)).json();
    await publish(me.cookie);
    const search = async () => (await t.app.inject({ url: '/api/doctors/search?q=Cardiology' })).json() as unknown;
    const listed = async () => JSON.stringify(await search()).includes(profile.id);
    expect(await listed()).toBe(false);
    await verify((await admin()).cookie, profile.id, true);
    expect(await listed()).toBe(true);
  });

  it('lets only admins verify, answers 404 for an unknown doctor and 400 for a bad body', async () => {
    const me = await doctorSession();
    const profile = (await put(me.cookie, fullDraft)).json();
    expect((await verify(me.cookie, profile.id, true)).statusCode).toBe(403);
    const boss = await admin();
    expect((await verify(boss.cookie, '00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/doctors/${profile.id}/verify`,
      headers: { cookie: boss.cookie },
      payload: { isVerified: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.isVerified).toBeTruthy();
  });
});

describe('profile photo', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
  });
  const upload = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/doctors/profile/photo', headers: { cookie }, payload });

  it('stores a PNG, serves it from the app and counts it in completeness', async () => {
    const me = await doctorSession();
    const res = await upload(me.cookie, { contentType: 'image/png', data: png.toString('base64') });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profileImageUrl;
    expect(url).toMatch(/^\/api\/doctors\/photos\/[0-9a-f-]{36}$/);
    expect(res.json()).toMatchObject({ profileCompleteness: 4, user: { profileImageUrl: url } });
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a file whose bytes are not the declared type, another type, or one over 2 MB', async () => {
    const me = await doctorSession();
    const fake = await upload(me.cookie, { contentType: 'image/jpeg', data: png.toString('base64') });
    expect(fake.statusCode).toBe(400);
    const gif = await upload(me.cookie, { contentType: 'image/gif', data: png.toString('base64') });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().fields.contentType).toBe('Upload a JPEG, PNG or WebP image');
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(me.cookie, { contentType: 'image/png', data: big.toString('base64') });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.data).toMatch(/2 MB/);
  });
});
