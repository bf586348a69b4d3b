import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctors, referrals, users, walletEntries } from '../../db/schema';
import { book, bookableDoctor, localDate } from '../../test-support/booking-fixtures';
import { createTestApp, registerThroughApi, signedInUser, type TestContext } from '../../test-support/test-app';
import { expectWalletInvariant } from '../../test-support/wallet-invariant';
import { newReferralCode } from './codes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/referrals', headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;

const register = (email: string, referralCode?: string, userType?: 'patient' | 'doctor') =>
  registerThroughApi(t, email, referralCode, userType);

describe('sending a referral', () => {
  it('records it pending with its potential reward and lists it', async () => {
    const { cookie } = await signedInUser(t.db);
    const email = unique('friend');
    const res = await send(cookie, { referredEmail: ` ${email.toUpperCase()} `, referralType: 'doctor' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ referredEmail: email, status: 'pending', rewardAmount: 10000 });
    const list = await get(cookie, '/api/referrals');
    expect(list.json()).toEqual([expect.objectContaining({ referredEmail: email, referralType: 'doctor' })]);
  });

  it.each([
    [{ referralType: 'patient' }, 'referredEmail', 'Email is required'],
    [{ referredEmail: '', referralType: 'patient' }, 'referredEmail', 'Email is required'],
    [{ referredEmail: 'a@b.co' }, 'referralType', 'Referral type is required'],
    [
      { referredEmail: 'not-an-email', referralType: 'patient' },
      'referredEmail',
      'Invalid email: please enter a valid email address.',
    ],
    [
      { referredEmail: 'x\u0000@b.co', referralType: 'patient' },
      'referredEmail',
      'Invalid email: please enter a valid email address.',
    ],
  ])('refuses %j', async (payload, field, message) => {
    const { cookie } = await signedInUser(t.db);
    const res = await send(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    if (field === 'referredEmail' && message.startsWith('Invalid'))
      expect(res.json().message.toLowerCase()).toContain('invalid email');
  });

  it('says "already referred", "duplicate", and refuses oneself', async () => {
    const me = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    const email = unique('twice');
    expect((await send(me.cookie, { referredEmail: email, referralType: 'patient' })).statusCode).toBe(201);
    const mine = await send(me.cookie, { referredEmail: email, referralType: 'patient' });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toContain('already referred');
    const theirs = await send(other.cookie, { referredEmail: email, referralType: 'patient' });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message.toLowerCase()).toContain('duplicate');
    expect(theirs.json().message).not.toContain('already referred');
    const self = await send(me.cookie, { referredEmail: me.user.email, referralType: 'patient' });
    expect(self.statusCode).toBe(400);
  });

  it('answers the same whether or not the address has an account (no enumeration)', async () => {
    const prober = await signedInUser(t.db);
    const member = await signedInUser(t.db);
    const stranger = unique('stranger');
    const shape = (res: { statusCode: number; json(): Record<string, unknown> }, email: string) => {
      const { id, createdAt, referredEmail, ...rest } = res.json();
      expect(id).toEqual(expect.any(String));
      expect(createdAt).toEqual(expect.any(String));
      expect(referredEmail).toBe(email);
      return { status: res.statusCode, body: rest };
    };
    const forMember = await send(prober.cookie, { referredEmail: member.user.email, referralType: 'patient' });
    const forStranger = await send(prober.cookie, { referredEmail: stranger, referralType: 'patient' });
    expect(shape(forMember, member.user.email)).toEqual(shape(forStranger, stranger));
    expect(forMember.statusCode).toBe(201);
    // The list does not tell them apart either.
    const list = (await get(prober.cookie, '/api/referrals')).json() as { referredEmail: string; status: string }[];
    expect(list.map((r) => r.status)).toEqual(['pending', 'pending']);
    // And the invitation can never pay for an account that existed before it.
    const [row] = await t.db.select().from(referrals).where(eq(referrals.referredEmail, member.user.email));
    expect(row.referredUserId).toBeNull();
  });
});

describe('referral codes', () => {
  it('gives each user one code, unique, and the same one every time', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { cookie } = await signedInUser(t.db);
      const r0 = await get(cookie, '/api/referrals/summary');
      expect(r0.statusCode, r0.body).toBe(200);
      const first = r0.json().referralCode;
      const again = (await get(cookie, '/api/referrals/summary')).json().referralCode;
      expect(first).toMatch(/^[A-Z2-9]{8}$/);
      expect(again).toBe(first);
      codes.add(first);
    }
    expect(codes.size).toBe(20);
    const a = await signedInUser(t.db, { referralCode: 'SAMECODE' });
    await expect(signedInUser(t.db, { referralCode: 'SAMECODE' })).rejects.toThrow();
    expect(a.user.referralCode).toBe('SAMECODE');
    expect(new Set(Array.from({ length: 1000 }, newReferralCode)).size).toBe(1000);
  });
});

describe('what does not earn a reward (rewards.test.ts covers what does)', () => {
  it('a sign-up through a link and 20 concurrent confirmations of the first payment credit nothing yet', async () => {
    const referrer = await signedInUser(t.db);
    const code = (await get(referrer.cookie, '/api/referrals/summary')).json().referralCode;
    const joined = await register(unique('joiner'), code.toLowerCase());
    const [pending] = await t.db.select().from(referrals).where(eq(referrals.referredUserId, joined.id));
    expect(pending).toMatchObject({ referrerId: referrer.user.id, status: 'pending', rewardAmount: 2500 });

    const { doctor } = await bookableDoctor(t.db);
    const booked = await book(t.app, joined.cookie, { doctorId: doctor.id, appointmentDate: localDate(4) });
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      headers: { cookie: joined.cookie },
      payload: { appointmentId: booked.json().id },
    });
    const { clientSecret, paymentIntentId } = intent.json();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm-card',
      headers: { cookie: joined.cookie },
      payload: {
        clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
      },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/confirm',
          headers: { cookie: joined.cookie },
          payload: { paymentIntentId },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    // Paid is not completed: a consultation that never takes place (cancelled, refunded) earns nothing.
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.userId, referrer.user.id))).toHaveLength(0);
    const list = (await get(referrer.cookie, '/api/referrals')).json();
    expect(list[0]).toMatchObject({ status: 'pending', rewardAmount: 2500 });
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${booked.json().id}`,
      headers: { cookie: joined.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await get(referrer.cookie, '/api/referrals/summary')).json()).toMatchObject({
      walletBalance: 0,
      totalEarned: 0,
    });
    await expectWalletInvariant(t.db);
  });

  it('an e-mail invitation is taken over at sign-up; verifying the referred doctor pays nothing', async () => {
    const referrer = await signedInUser(t.db);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const email = unique('doc');
    await send(referrer.cookie, { referredEmail: email, referralType: 'doctor' });
    const joined = await register(email, undefined, 'doctor');
    const [taken] = await t.db.select().from(referrals).where(eq(referrals.referredUserId, joined.id));
    expect(taken).toMatchObject({ referrerId: referrer.user.id, referralType: 'doctor', status: 'pending' });
    const [joinedDoctor] = await t.db
      .insert(doctors)
      .values({ userId: joined.id, specialty: 'Cardiology' })
      .returning();
    for (const isVerified of [true, false, true]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/doctors/${joinedDoctor.id}/verify`,
        headers: { cookie: admin.cookie },
        payload: { isVerified },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [wallet] = await t.db.select().from(users).where(eq(users.id, referrer.user.id));
    expect(wallet.walletBalance).toBe(0);
    await expectWalletInvariant(t.db);
  });

  it('the link that was used wins over an older invitation from someone else', async () => {
    const inviter = await signedInUser(t.db);
    const linkOwner = await signedInUser(t.db);
    const email = unique('both');
    await send(inviter.cookie, { referredEmail: email, referralType: 'patient' });
    const code = (await get(linkOwner.cookie, '/api/referrals/summary')).json().referralCode;
    const joined = await register(email, code);
    const rows = await t.db.select().from(referrals).where(eq(referrals.referredUserId, joined.id));
    expect(rows).toEqual([expect.objectContaining({ referrerId: linkOwner.user.id, status: 'pending' })]);
  });

  it('one person is referred once however the address is spelled: case and +tags fold', async () => {
    const first = await signedInUser(t.db);
    const second = await signedInUser(t.db);
    const base = unique('fold');
    expect((await send(first.cookie, { referredEmail: base, referralType: 'patient' })).statusCode).toBe(201);
    const [local, domain] = base.split('@');
    const tagged = await send(second.cookie, {
      referredEmail: `${local.toUpperCase()}+again@${domain}`,
      referralType: 'patient',
    });
    expect(tagged.statusCode).toBe(409);
    expect(tagged.json().message).toContain('Duplicate referral');
    // The person signs up with a +tag through the second referrer's link: the link used wins the one
    // referral; a second account of the same person, through another link, adds none.
    const secondCode = (await get(second.cookie, '/api/referrals/summary')).json().referralCode;
    const joined = await register(`${local}+new@${domain}`, secondCode);
    const person = await t.db.select().from(referrals).where(eq(referrals.referredUserId, joined.id));
    expect(person).toEqual([expect.objectContaining({ referrerId: second.user.id, status: 'pending' })]);
    const firstCode = (await get(first.cookie, '/api/referrals/summary')).json().referralCode;
    const again = await register(`${local.toUpperCase()}+again2@${domain}`, firstCode);
    expect(await t.db.select().from(referrals).where(eq(referrals.referredUserId, again.id))).toHaveLength(0);
    expect(
      await t.db.select().from(referrals).where(eq(referrals.referredIdentity, person[0].referredIdentity!)),
    ).toHaveLength(1);
  });

  it('invitations are limited to 20 a day per account', async () => {
    const me = await signedInUser(t.db);
    for (let i = 0; i < 20; i++) {
      const res = await send(me.cookie, { referredEmail: unique(`many${i}`), referralType: 'patient' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(me.cookie, { referredEmail: unique('one-more'), referralType: 'patient' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You can send up to 20 invitations a day. Please try again tomorrow.');
    expect(await t.db.select().from(referrals).where(eq(referrals.referrerId, me.user.id))).toHaveLength(20);
  });
});

describe('paying with the wallet', () => {
  async function patientWithBalance(cents: number) {
    const patient = await signedInUser(t.db);
    await t.db.transaction(async (tx) => {
      const { moveWallet } = await import('../wallet/moves');
      const referral = await tx
        .insert(referrals)
        .values({
          referrerId: patient.user.id,
          referredEmail: unique('seed'),
          referralType: 'patient',
          rewardAmount: cents,
          status: 'completed',
        })
        .returning();
      await moveWallet(
        tx,
        { userId: patient.user.id, amount: cents, reason: 'referral_reward', referralId: referral[0].id },
        new Date(),
      );
    });
    return patient;
  }
  const intent = (cookie: string, appointmentId: string, useWallet: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      headers: { cookie },
      payload: { appointmentId, useWallet },
    });
  const balanceOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].walletBalance;

  it('part from the wallet, the rest by card; a refund returns each part where it came from', async () => {
    const patient = await patientWithBalance(2500);
    const { doctor } = await bookableDoctor(t.db);
    const booked = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(9) });
    const withWallet = await intent(patient.cookie, booked.json().id, true);
    expect(withWallet.json()).toMatchObject({ amount: 12500, walletAmount: 2500, paidWithWallet: false });
    expect(await balanceOf(patient.user.id)).toBe(2500);

    const { confirm } = await payWithCardUsingWallet(patient.cookie, booked.json().id);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await balanceOf(patient.user.id)).toBe(0);
    await expectWalletInvariant(t.db);

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${booked.json().id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().payment).toMatchObject({ status: 'refunded', refundedAmount: 12500 });
    expect(await balanceOf(patient.user.id)).toBe(2500);
    await expectWalletInvariant(t.db);
  });

  it('the whole fee from the wallet confirms without a card; its refund is a wallet credit', async () => {
    const patient = await patientWithBalance(20000);
    const { doctor } = await bookableDoctor(t.db);
    const booked = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(9) });
    const res = await intent(patient.cookie, booked.json().id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 0, walletAmount: 15000, paidWithWallet: true });
    expect(await balanceOf(patient.user.id)).toBe(5000);
    const appointment = await get(patient.cookie, `/api/appointments/${booked.json().id}`);
    expect(appointment.json()).toMatchObject({ status: 'confirmed', payment: { status: 'succeeded' } });
    expect((await intent(patient.cookie, booked.json().id, true)).statusCode).toBe(409);

    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${booked.json().id}`,
      headers: { cookie: patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().payment.status).toBe('refunded');
    expect(await balanceOf(patient.user.id)).toBe(20000);
    await expectWalletInvariant(t.db);
  });

  it('ten concurrent whole-wallet payments of one appointment debit the wallet once', async () => {
    const patient = await patientWithBalance(40000);
    const { doctor } = await bookableDoctor(t.db);
    const booked = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(11) });
    const results = await Promise.all(Array.from({ length: 10 }, () => intent(patient.cookie, booked.json().id, true)));
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(await balanceOf(patient.user.id)).toBe(25000);
    await expectWalletInvariant(t.db);
  });

  it('a card payment whose wallet part was spent meanwhile is refunded, and the balance never goes negative', async () => {
    const patient = await patientWithBalance(3000);
    const { doctor } = await bookableDoctor(t.db);
    const first = await book(t.app, patient.cookie, { doctorId: doctor.id, appointmentDate: localDate(8) });
    const second = await book(t.app, patient.cookie, {
      doctorId: doctor.id,
      appointmentDate: localDate(8),
      appointmentTime: '02:00 PM',
    });
    const a = await payWithCardUsingWallet(patient.cookie, first.json().id, false);
    const b = await payWithCardUsingWallet(patient.cookie, second.json().id, false);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: { cookie: patient.cookie },
      payload: { paymentIntentId: a.paymentIntentId },
    });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: { cookie: patient.cookie },
      payload: { paymentIntentId: b.paymentIntentId },
    });
    expect(late.statusCode).toBe(409);
    expect(await balanceOf(patient.user.id)).toBe(0);
    await expectWalletInvariant(t.db);
  });

  async function payWithCardUsingWallet(cookie: string, appointmentId: string, confirmNow = true) {
    const started = (await intent(cookie, appointmentId, true)).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm-card',
      headers: { cookie },
      payload: {
        clientSecret: started.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
      },
    });
    const confirm = confirmNow
      ? await t.app.inject({
          method: 'POST',
          url: '/api/payments/confirm',
          headers: { cookie },
          payload: { paymentIntentId: started.paymentIntentId },
        })
      : null!;
    return { confirm, paymentIntentId: started.paymentIntentId as string };
  }
});
