// Errors the server builds from values (a status, a threshold, a fee and a specialty, a wait) and
// the forms' own field messages (IBAN, weekly hours, time off) in the request's or the account's
// language; English exactly as before; bad input stays a 4xx in every language.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../db/factories';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, payload });
const SPANISH = { 'accept-language': 'es-ES,es;q=0.9' };
const arabic = (cookie: string) => `${cookie}; medora_lang=ar`;
const setLanguage = async (cookie: string, language: string) =>
  expect((await call('PUT', '/api/auth/language', cookie, { language })).statusCode).toBe(200);

describe('an application’s status', () => {
  it('deciding a decided application: the status named in each language', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const application = await createApplication(t.db, {
      email: `decided-${randomUUID().slice(0, 8)}@example.com`,
      status: 'approved',
    });
    const reject = (cookie: string, headers?: Record<string, string>) =>
      call('POST', `/api/admin/doctor-applications/${application.id}/reject`, cookie, {}, headers);
    const en = await reject(admin.cookie);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ code: 'conflict', message: 'This application is already approved.' });
    expect((await reject(admin.cookie, SPANISH)).json().message).toBe('Esta solicitud ya figura como aprobada.');
    expect((await reject(arabic(admin.cookie))).json().message).toBe('حالة هذا الطلب بالفعل: مقبول.');
  });
});

describe('the publish threshold', () => {
  it('says the percentages, message and field, in the account’s language', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    expect((await call('PUT', '/api/doctors/profile', me.cookie, { specialty: 'Cardiology' })).statusCode).toBe(200);
    const en = await call('POST', '/api/doctors/profile/publish', me.cookie);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: 'bad_request',
      message: 'Your profile is 8% complete. Complete at least 70% before publishing.',
      fields: { profileCompleteness: 'At least 70% is needed to publish' },
    });
    await setLanguage(me.cookie, 'es');
    expect((await call('POST', '/api/doctors/profile/publish', me.cookie)).json()).toEqual({
      code: 'bad_request',
      message: 'Su perfil está completo al 8 %. Complételo al menos al 70 % antes de publicarlo.',
      fields: { profileCompleteness: 'Se necesita al menos un 70 % para publicar' },
    });
    await setLanguage(me.cookie, 'ar');
    const ar = await call('POST', '/api/doctors/profile/publish', me.cookie, undefined, { 'accept-language': 'en' });
    expect(ar.json().message).toBe('اكتمل ملفك الشخصي بنسبة 8%. أكمله بنسبة 70% على الأقل قبل النشر.');
    expect(ar.json().fields).toEqual({ profileCompleteness: 'يلزم اكتمال 70% على الأقل للنشر' });
  });
});

describe('a specialty’s fee', () => {
  it('names the specialty and the amount as the reader says them', async () => {
    const me = await signedInUser(t.db);
    const pay = (headers?: Record<string, string>) =>
      call('POST', '/api/payments/create-specialty-intent', me.cookie, { specialty: 'Cardiology', amount: 1 }, headers);
    const en = await pay();
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: 'bad_request',
      message: 'The fee for Cardiology is $180.',
      fields: { amount: 'Must be 180' },
    });
    const es = await pay(SPANISH);
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({
      code: 'bad_request',
      message: 'La tarifa de Cardiología es de 180\u00a0US$.',
      fields: { amount: 'Debe ser 180' },
    });
    const ar = await pay({ cookie: arabic(me.cookie) });
    expect(ar.json().message).toBe('رسوم أمراض القلب هي \u2066180\u00a0US$\u2069.');
  });
});

describe('a webhook that cannot be verified', () => {
  it('keeps the provider’s reason, framed in the request’s language', async () => {
    const hook = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{"type":"payment_intent.succeeded"}',
      });
    const en = await hook();
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Webhook signature verification failed: Webhooks are only used with Stripe.');
    expect((await hook(SPANISH)).json().message).toBe(
      'No se pudo verificar la firma del webhook: Webhooks are only used with Stripe.',
    );
  });
});

describe('the forms’ own field messages in the 400', () => {
  it('an IBAN with the wrong length: English, Spanish and Arabic', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    const save = (headers?: Record<string, string>) =>
      call(
        'PUT',
        '/api/doctor/payout-account',
        me.cookie,
        { kind: 'iban', holderName: 'Dana Okafor', iban: 'DE89 3704 0044 0532 0130', password: 'a password' },
        headers,
      );
    const en = await save();
    expect(en.statusCode).toBe(400);
    expect(en.json().fields).toEqual({ iban: 'A DE IBAN has 22 characters; this one has 20' });
    const es = await save(SPANISH);
    expect(es.statusCode).toBe(400);
    expect(es.json().fields).toEqual({ iban: 'Un IBAN de DE tiene 22 caracteres; este tiene 20 caracteres' });
    const ar = await save({ cookie: arabic(me.cookie) });
    expect(ar.json().fields).toEqual({ iban: 'يتكوّن رقم IBAN في DE من 22 حرفًا؛ وهذا الرقم من 20 حرفًا' });
  });

  it('time off that ends before it starts, and weekly hours that end before they start', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    const timeOff = { startsAt: '2027-03-02T12:00:00Z', endsAt: '2027-03-02T09:00:00Z' };
    const en = await call('POST', '/api/doctors/profile/time-off', me.cookie, timeOff);
    expect(en.statusCode).toBe(400);
    expect(en.json().fields).toEqual({ endsAt: 'The time off must end after it starts' });
    const es = await call('POST', '/api/doctors/profile/time-off', me.cookie, timeOff, SPANISH);
    expect(es.json().fields).toEqual({ endsAt: 'La ausencia debe terminar después de empezar' });

    const hours = {
      weekly: { mon: [{ start: '18:00', end: '09:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      visitMinutes: { video: 30, voice: 30, in_person: 30 },
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 30,
      dailyCap: null,
    };
    const week = await call('PUT', '/api/doctors/profile/schedule', me.cookie, hours, { cookie: arabic(me.cookie) });
    expect(week.statusCode).toBe(400);
    expect(week.json().fields['weekly.mon.0.end']).toBe('الاثنين 18:00–09:00: يجب أن تكون النهاية بعد البداية');
    const weekEn = await call('PUT', '/api/doctors/profile/schedule', me.cookie, hours);
    expect(weekEn.json().fields['weekly.mon.0.end']).toBe('Monday 18:00–09:00: the end must be after the start');
  });

  it('hostile values in a message that carries them: still a 400, never a 500, in every language', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    const languages: Record<string, string>[] = [{}, SPANISH, { cookie: arabic(me.cookie) }];
    for (const headers of languages) {
      for (const iban of ['ZZ00\u0000', 'DE' + '9'.repeat(60), '(.+?)$'.repeat(8), 'x'.repeat(100_000)]) {
        const res = await call(
          'PUT',
          '/api/doctor/payout-account',
          me.cookie,
          { kind: 'iban', holderName: 'Dana Okafor', iban, password: 'a password' },
          headers,
        );
        expect(res.statusCode, iban.slice(0, 20)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, iban.slice(0, 20)).toBeLessThan(500);
      }
      const week = await call(
        'PUT',
        '/api/doctors/profile/schedule',
        me.cookie,
        {
          weekly: { mon: [{ start: '2{x}', end: '–: ' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
          visitMinutes: { video: 30, voice: 30, in_person: 30 },
          bufferMinutes: 0,
          minNoticeMinutes: 0,
          horizonDays: 30,
          dailyCap: null,
        },
        headers,
      );
      expect(week.statusCode).toBe(400);
    }
  });
});
