// Each family of server text in the recipient's language (issue 28): account mail, application
// mail, the bell's notifications; English as it always read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { eq } from 'drizzle-orm';
import { createNotification } from '../../db/factories';
import { notifications } from '../../db/schema';
import { notify } from '../notifications/service';
import { whenValue } from '../notifications/texts';
import { composeEmail, type ComposedEmail } from './compose';
import { renderEmail } from './template';

const clock = fixedClock(new Date('2026-11-26T12:00:00Z'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

const compose = async (payload: Parameters<typeof composeEmail>[2]) =>
  (await composeEmail(t.db, 'https://medora.test', payload, clock.now(), async () => [])) as ComposedEmail;

describe('account mail in the account’s language', () => {
  it('password changed: English unchanged, Spanish and Arabic (right to left)', async () => {
    const en = await signedInUser(t.db, { firstName: 'Ana' });
    const english = await compose({ kind: 'password_changed', userId: en.user.id });
    expect(english.content.subject).toBe('Your Medora password was changed');
    expect(english.content.paragraphs[0]).toBe('Hello Ana,');

    const es = await signedInUser(t.db, { firstName: 'Lucía', language: 'es' });
    const spanish = await compose({ kind: 'password_changed', userId: es.user.id });
    expect(spanish.content.subject).toBe('Se ha cambiado su contraseña de Medora');
    expect(spanish.content.paragraphs[0]).toBe('Hola, Lucía:');
    expect(spanish.content.action?.label).toBe('Iniciar sesión');
    expect(spanish.content.action?.url).toBe('https://medora.test/login');

    const ar = await signedInUser(t.db, { firstName: 'Omar', language: 'ar' });
    const arabic = await compose({ kind: 'verify_email', userId: ar.user.id });
    expect(arabic.content.subject).toBe('تأكيد عنوان بريدك الإلكتروني في Medora');
    // The link keeps its single-use token whatever the language.
    expect(arabic.content.action?.url).toMatch(/^https:\/\/medora\.test\/verify-email\?token=/);
    const { html, text } = await renderEmail(arabic.content);
    expect(html).toMatch(/dir="rtl"/);
    expect(text).toContain('أكّد عنوان بريدك الإلكتروني');
    expect(text).toContain('Medora مخصّصة للاستشارات غير الطارئة فقط');
  });

  it('an unknown stored language reads as English', async () => {
    const who = await signedInUser(t.db, { firstName: 'Kim', language: 'tlh' });
    const mail = await compose({ kind: 'password_changed', userId: who.user.id });
    expect(mail.content.subject).toBe('Your Medora password was changed');
    expect(mail.content.language).toBe('en');
  });
});

describe('notifications listed in the reader’s language', () => {
  it('stored once as keys and values; a Spanish reader sees Spanish, an English reader English', async () => {
    const who = await signedInUser(t.db, { language: 'es', timeZone: 'Europe/Madrid' });
    await notify(t.db, {
      userId: who.user.id,
      type: 'appointment_confirmation',
      priority: 'high',
      text: {
        titleKey: 'notify.confirmed.title',
        messageKey: 'notify.confirmed.message',
        values: {
          type: 'video',
          doctor: 'Haddad',
          when: whenValue(new Date('2026-12-01T15:00:00Z'), 'Europe/Madrid', 'America/New_York'),
        },
      },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: who.cookie } });
    expect(list.statusCode).toBe(200);
    const [item] = list.json();
    expect(item.title).toBe('Cita confirmada');
    expect(item.message).toMatch(
      /^Su consulta por videollamada con Dr\. Haddad el martes, 1 de diciembre de 2026 a las 16:00 hora de Madrid \(UTC\+1\) · 10:00 hora de Nueva York \(UTC−5\) está confirmada\.$/,
    );

    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: { cookie: who.cookie },
      payload: { language: 'en' },
    });
    const english = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: who.cookie } })
    ).json();
    expect(english[0].title).toBe('Appointment Confirmed');
    expect(english[0].message).toMatch(
      /^Your video call with Dr\. Haddad on Tuesday, December 1, 2026 at 4:00 PM Madrid time \(UTC\+1\) · 10:00 AM New York time \(UTC−5\) is confirmed\.$/,
    );
    const [stored] = await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
    // The English beside the keys is for the previous release during a rolling deploy (decision 099).
    expect(stored).toMatchObject({ title: 'Appointment Confirmed', titleKey: 'notify.confirmed.title' });
    expect(stored.message).toBe(english[0].message);
  });

  it('a row written before the keys keeps its English text in every language', async () => {
    const who = await signedInUser(t.db, { language: 'ar' });
    await createNotification(t.db, {
      userId: who.user.id,
      type: 'doctor_verified',
      title: 'Old title',
      message: 'Old message',
      priority: 'low',
    });
    const [item] = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: who.cookie } })
    ).json();
    expect(item).toMatchObject({ title: 'Old title', message: 'Old message' });
  });
});
