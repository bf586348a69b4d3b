import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const languageOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0].language;
const put = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/language',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as object,
  });
let n = 0;
const badSignIn = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: `nobody-${++n}-${Date.now()}@example.org`, password: 'wrong password' },
  });

describe("the account's language", () => {
  it('is set by PUT and answered with the account', async () => {
    const who = await signedInUser(t.db);
    const res = await put(who.cookie, { language: 'ar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().language).toBe('ar');
    expect(await languageOf(who.user.id)).toBe('ar');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: who.cookie } });
    expect(me.json().language).toBe('ar');
  });

  it('refuses anything but a language Medora speaks, changing nothing', async () => {
    const who = await signedInUser(t.db);
    await put(who.cookie, { language: 'es' });
    const hostile = ['xx', 'es\u0000', '', 'ES', 'es-MX', 'e'.repeat(10_000), 42, null, ['es'], { es: true }];
    for (const language of hostile) {
      const res = await put(who.cookie, { language });
      expect(res.statusCode, JSON.stringify(language).slice(0, 30)).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
    expect((await put(who.cookie, {})).statusCode).toBe(400);
    expect(await languageOf(who.user.id)).toBe('es');
    expect((await put(undefined, { language: 'es' })).statusCode).toBe(401);
  });

  it('an unknown code stored on an account reads as no language and the replies stay English', async () => {
    const who = await signedInUser(t.db, { language: 'tlh' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: who.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().language).toBeNull();
    const refused = await put(who.cookie, { language: 'xx' });
    expect(refused.json().message).toMatch(/^language: Pick one of the languages offered$/);
  });

  it('a sign-up keeps the language it was made in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `lang-${Date.now()}@example.org`,
        password: 'a long enough password',
        firstName: 'Lucía',
        lastName: 'Gómez',
        userType: 'patient',
        language: 'es',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.language).toBe('es');
  });
});

describe('server errors in the reader’s language', () => {
  it('from Accept-Language, then the cookie, then the account', async () => {
    expect((await badSignIn({})).json().message).toBe('Incorrect email or password.');
    expect((await badSignIn({ 'accept-language': 'es-ES,es;q=0.9' })).json().message).toBe(
      'El correo electrónico o la contraseña no son correctos.',
    );
    expect((await badSignIn({ 'accept-language': 'es', cookie: 'medora_lang=ar' })).json().message).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    );
    const who = await signedInUser(t.db, { language: 'es' });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { cookie: `${who.cookie}; medora_lang=ar`, 'accept-language': 'ar' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('No tiene permiso para realizar esta acción.');
  });

  it('an unknown language in the cookie or the header is English, no error', async () => {
    const res = await badSignIn({ cookie: 'medora_lang=zz', 'accept-language': 'fr-FR,de;q=0.8' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Incorrect email or password.');
    const broken = await badSignIn({ cookie: 'medora_lang=%E0%A4%A', 'accept-language': ';;q=,' });
    expect(broken.statusCode).toBe(401);
  });

  it('shared validation errors name the field in the language', async () => {
    const signUp = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers,
        payload: {
          email: 'not-an-address',
          password: 'short',
          firstName: 'A\u0000',
          lastName: '',
          userType: 'patient',
        },
      });
    const en = (await signUp({})).json();
    expect(en.fields).toMatchObject({
      email: 'Enter a valid email address',
      password: 'Password must be at least 10 characters',
      firstName: 'First name contains characters that are not allowed',
      lastName: 'Last name is required',
    });
    const es = (await signUp({ 'accept-language': 'es' })).json();
    expect(es.fields).toMatchObject({
      email: 'Introduzca una dirección de correo electrónico válida',
      password: 'La contraseña debe tener al menos 10 caracteres',
      firstName: 'Nombre contiene caracteres no permitidos',
      lastName: 'Apellidos: campo obligatorio',
    });
    expect(es.message).toMatch(/^email: Introduzca/);
    const ar = (await signUp({ 'accept-language': 'ar' })).json();
    expect(ar.fields.lastName).toBe('اسم العائلة: هذا الحقل مطلوب');
    expect(ar.fields.password).toBe('يجب ألّا تقل كلمة المرور عن 10 أحرف');
  });
});
