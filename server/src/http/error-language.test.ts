// Every error the API says comes in the request's language (issue 28): the app's own (keys), a
// record not found, malformed JSON and body too large; unknown codes read as English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const missing = '00000000-0000-4000-8000-00000000dead';
const calendarOf = (cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/appointments/${missing}/calendar.ics`, headers: { cookie, ...headers } });
const badJson = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/language',
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{"language": ',
  });

describe('errors in the request’s language', () => {
  it('a record not found: English as before, Spanish and Arabic from the account', async () => {
    const who = await signedInUser(t.db);
    const en = await calendarOf(who.cookie);
    expect(en.statusCode).toBe(404);
    expect(en.json().message).toBe('Appointment not found.');
    for (const [language, text] of [
      ['es', 'No se encontró la cita.'],
      ['ar', 'لم يتم العثور على الموعد.'],
    ] as const) {
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/language',
        headers: { cookie: who.cookie },
        payload: { language },
      });
      expect(set.statusCode).toBe(200);
      const res = await calendarOf(who.cookie, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: text });
    }
  });

  it('malformed JSON: the catalogue’s words in every language, not Fastify’s parser message', async () => {
    const en = await badJson({});
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'bad_request',
      message: 'The request body could not be read. Check that it is valid JSON.',
    });
    const es = await badJson({ 'accept-language': 'es-MX,es;q=0.9' });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('JSON válido') });
    const ar = await badJson({ cookie: 'medora_lang=ar' });
    expect(ar.json().message).toContain('JSON');
    expect(ar.json().message).toMatch(/[\u0600-\u06ff]/);
  });

  it('unknown language codes in header, cookie or account read as English, never an error', async () => {
    const res = await badJson({ 'accept-language': 'xx-YY,zz;q=0.5', cookie: 'medora_lang=klingon' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe((await badJson({})).json().message);
  });
});
