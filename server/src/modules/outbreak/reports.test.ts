import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { ledgerEntries, outbreakCases, reportPurchases } from '../../db/schema';
import type { FakeStripe } from '../../test-support/fake-stripe';
import { sendStripeWebhook, startStripeTestApp } from '../../test-support/stripe-test-app';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

const DAY = 86_400_000;
const clock = fixedClock(new Date('2026-03-10T09:00:00Z'));
let t: TestContext;
let buyer: { cookie: string; user: { id: string } };
let dir: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  dir = mkdtempSync(path.join(tmpdir(), 'medora-report-'));
  buyer = await signedInUser(t.db);
  const admin = await signedInUser(t.db, { userType: 'admin' });
  // No feed configured: the sync fills the monitor from the bundled snapshot.
  const synced = await t.app.inject({ method: 'POST', url: '/api/outbreak/sync', headers: { cookie: admin.cookie } });
  expect(synced.json().sources.at(-1)).toMatchObject({ source: 'snapshot', status: 'synced' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The out-of-date refusal at the test's clock, as a Spanish and an Arabic buyer read it. */
const OUT_OF_DATE = {
  es:
    'Este informe se elaboraría con datos desactualizados. El informe más reciente de estos datos es del 10 oct 2025, con una antigüedad de 4 meses. ' +
    'Las cifras de brotes de hace más de 30 días pueden no reflejar ya la situación; consulte a los organismos de origen para obtener cifras actuales. ' +
    'Confirme que lo acepta antes de pagar.',
  ar:
    'سيُعدّ هذا التقرير من بيانات قديمة. أحدث تقرير في هذه البيانات مؤرخ في 10 أكتوبر 2025، أي قبل 4 أشهر. ' +
    'قد لا تعبّر أرقام التفشّي الأقدم من 30 يومًا عن الوضع الحالي؛ راجع الهيئات المصدر للاطلاع على الأرقام الحالية. ' +
    'يرجى تأكيد موافقتك على ذلك قبل الدفع.',
};

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function buy(cookie: string, reportType?: string, card = '4242 4242 4242 4242') {
  // The bundled snapshot is months old at these dates: the buyer accepts out-of-date data.
  const intent = await post('/api/outbreak/pdf-report/payment', cookie, {
    reportType,
    medicalProfessional: true,
    acceptOutOfDateData: true,
  });
  expect(intent.statusCode).toBe(200);
  const { clientSecret, paymentIntentId, amount } = intent.json();
  const paid = await post('/api/payments/simulated/confirm-card', cookie, {
    clientSecret,
    card: { number: card, expiry: '12/34', cvc: '123', postcode: '10001' },
  });
  expect(paid.statusCode).toBe(200);
  const confirm = await post('/api/outbreak/pdf-report/confirm', cookie, { paymentIntentId });
  return { paymentIntentId, amount, confirm };
}

function pdfText(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('POST /api/outbreak/pdf-report/payment', () => {
  it('charges the server’s price per tier, full by default', async () => {
    const price = async (reportType?: string) =>
      (
        await post('/api/outbreak/pdf-report/payment', buyer.cookie, {
          reportType,
          medicalProfessional: true,
          acceptOutOfDateData: true,
        })
      ).json().amount;
    expect(await price('summary')).toBe(4999);
    expect(await price('full')).toBe(9999);
    expect(await price('detailed')).toBe(19999);
    expect(await price(undefined)).toBe(9999);
  });

  it('refuses an unknown tier, a missing medical-professional confirmation and visitors', async () => {
    const unknown = await post('/api/outbreak/pdf-report/payment', buyer.cookie, {
      reportType: 'premium',
      medicalProfessional: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('reportType');
    const unconfirmed = await post('/api/outbreak/pdf-report/payment', buyer.cookie, { reportType: 'summary' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields).toHaveProperty('medicalProfessional');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/outbreak/pdf-report/payment',
      payload: { reportType: 'summary', medicalProfessional: true },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('does not sell a report from data older than 30 days unless the buyer accepts it', async () => {
    const before = (await t.db.select().from(reportPurchases)).length;
    for (const acceptOutOfDateData of [undefined, false]) {
      const refused = await post('/api/outbreak/pdf-report/payment', buyer.cookie, {
        reportType: 'full',
        medicalProfessional: true,
        acceptOutOfDateData,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This report would be built from out-of-date data. The newest report in this data is from Oct 10, 2025, 4 months old. ' +
          'Outbreak figures older than 30 days may no longer describe the situation; check the source agencies for current figures. ' +
          'Please confirm that you accept that before paying.',
      );
      expect(refused.json().fields).toHaveProperty('acceptOutOfDateData');
    }
    const refusedIn = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/outbreak/pdf-report/payment',
        headers: { cookie: buyer.cookie, 'accept-language': language },
        payload: { reportType: 'full', medicalProfessional: true },
      });
    for (const [language, expected] of Object.entries(OUT_OF_DATE)) {
      const refused = (await refusedIn(language)).json();
      expect(refused.message).toBe(expected);
      expect(refused.fields.acceptOutOfDateData).toBe(expected);
    }
    expect((await t.db.select().from(reportPurchases)).length).toBe(before);
  });
});

describe('confirm and download', () => {
  it('confirms once, for the buyer only, and records the statement and 7-day access', async () => {
    const { paymentIntentId, confirm } = await buy(buyer.cookie, 'summary');
    expect(confirm.statusCode).toBe(200);
    const { reportData } = confirm.json();
    expect(reportData).toMatchObject({
      reportType: 'summary',
      amount: 4999,
      status: 'paid',
      purchasedAt: '2026-03-10T09:00:00.000Z',
      expiresAt: '2026-03-17T09:00:00.000Z',
      downloadUrl: `/api/outbreak/reports/${reportData.id}/download`,
    });
    clock.advance(60_000);
    const again = await post('/api/outbreak/pdf-report/confirm', buyer.cookie, { paymentIntentId });
    expect(again.json().reportData).toEqual(reportData);
    const stranger = await signedInUser(t.db);
    expect((await post('/api/outbreak/pdf-report/confirm', stranger.cookie, { paymentIntentId })).statusCode).toBe(404);
    const [row] = await t.db.select().from(reportPurchases).where(eq(reportPurchases.id, reportData.id));
    expect(row.medicalProfessionalConfirmedAt.toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('a sale lands in report revenue, apart from the consultations’ clearing account, once', async () => {
    const { confirm } = await buy(buyer.cookie, 'summary');
    const { reportData } = confirm.json();
    const legs = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transferKey, `report:${reportData.id}`));
    expect(legs.map((l) => [l.account, l.amount, l.kind])).toEqual([
      [`patient_card:${buyer.user.id}`, -4999, 'report_sale'],
      ['report_revenue', 4999, 'report_sale'],
    ]);
    const clearing = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'platform_revenue'), eq(ledgerEntries.kind, 'report_sale')));
    expect(clearing).toEqual([]);
  });

  it('a report’s payment sent to the consultations’ confirmation is not found there and confirms nothing', async () => {
    const intent = await post('/api/outbreak/pdf-report/payment', buyer.cookie, {
      reportType: 'summary',
      medicalProfessional: true,
      acceptOutOfDateData: true,
    });
    const { clientSecret, paymentIntentId } = intent.json();
    const paid = await post('/api/payments/simulated/confirm-card', buyer.cookie, {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    expect(paid.statusCode).toBe(200);
    const wrongDoor = await post('/api/payments/confirm', buyer.cookie, { paymentIntentId });
    expect(wrongDoor.statusCode).toBe(404);
    expect(wrongDoor.json().message).toBe('Payment not found.');
    const rightDoor = await post('/api/outbreak/pdf-report/confirm', buyer.cookie, { paymentIntentId });
    expect(rightDoor.statusCode).toBe(200);
    expect(rightDoor.json().reportData).toMatchObject({ reportType: 'summary', status: 'paid' });
  });

  it('an unpaid intent is not confirmed; a declined card gives the processor’s message', async () => {
    const intent = await post('/api/outbreak/pdf-report/payment', buyer.cookie, {
      reportType: 'full',
      medicalProfessional: true,
      acceptOutOfDateData: true,
    });
    const { paymentIntentId } = intent.json();
    const early = await post('/api/outbreak/pdf-report/confirm', buyer.cookie, { paymentIntentId });
    expect(early.statusCode).toBe(402);
    const declined = await buy(buyer.cookie, 'full', '4000 0000 0000 0002');
    expect(declined.confirm.statusCode).toBe(402);
    expect(declined.confirm.json().message).toBe('Your card was declined.');
  });

  it('the link works for its buyer for 7 days: 404 for anyone else, 410 afterwards', async () => {
    clock.set(new Date('2026-04-01T12:00:00Z'));
    const { confirm } = await buy(buyer.cookie, 'detailed');
    const { downloadUrl, id } = confirm.json().reportData;
    const download = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: downloadUrl, headers: cookie ? { cookie } : {} });

    const ok = await download(buyer.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['content-disposition']).toMatch(
      /^attachment; filename="medora-outbreak-detailed-report-2026-04-01\.pdf"$/,
    );
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await signedInUser(t.db);
    expect((await download(stranger.cookie)).statusCode).toBe(404);
    expect((await download()).statusCode).toBe(401);
    const listed = await t.app.inject({ url: '/api/outbreak/reports', headers: { cookie: buyer.cookie } });
    expect(listed.json().map((p: { id: string }) => p.id)).toContain(id);

    clock.advance(7 * DAY - 1000);
    expect((await download(buyer.cookie)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await download(buyer.cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/Access to this report ended on 2026-04-08/);
    const after = await t.app.inject({ url: '/api/outbreak/reports', headers: { cookie: buyer.cookie } });
    expect(after.json().map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('the PDF has a cover, contents, numbered pages, whole names and says the data is out of date', async () => {
    clock.set(new Date('2026-05-04T08:30:00Z'));
    const urls: Record<string, string> = {};
    for (const tier of ['summary', 'full', 'detailed'] as const) {
      urls[tier] = (await buy(buyer.cookie, tier)).confirm.json().reportData.downloadUrl;
    }
    // Later changes to the data do not change a report already bought.
    await t.db.delete(outbreakCases);
    for (const [tier, url] of Object.entries(urls)) {
      const pdf = (await t.app.inject({ url, headers: { cookie: buyer.cookie } })).rawPayload;
      const text = pdfText(pdf, tier);
      expect(text).toContain(`${tier[0].toUpperCase()}${tier.slice(1)} Report`);
      expect(text).toMatch(/Report date:\s+May 4, 2026/);
      expect(text).toContain('Medical Professional Only');
      expect(text).toContain('Contents');
      expect(text).toMatch(/Summary statistics\s+Page 3/);
      const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
      expect(pages).toBeGreaterThanOrEqual(4);
      for (let page = 2; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
      // Bought 206 days after the newest report: the cover and every page say so.
      expect(text).toContain('Out-of-date data');
      expect(text.replace(/\s+/g, ' ')).toContain(
        'The newest report in this data is from Oct 10, 2025, 6 months before this report was bought.',
      );
      expect(text.match(/Out-of-date data · Page/g)?.length).toBe(pages);
      // Whole country names, never "United States of A...".
      expect(text).not.toContain('...');
      for (const country of [
        'Democratic Republic of the Congo',
        'United States of America',
        'United Republic of Tanzania',
      ]) {
        expect(text).toContain(country);
      }
      expect(text).toMatch(/Democratic Republic of the Congo\s+Critical\s+64\s+45/);
      expect(text).toContain('Ebola virus');
      // Running totals are listed apart and never added: 778 million COVID-19 cases are not in the totals.
      expect(text).toContain('Worldwide and cumulative totals');
      expect(text).toMatch(/Confirmed cases\s+6,\d{3},\d{3}\s+all 12 outbreaks/);
      if (tier === 'summary') expect(text).not.toContain('Per-country breakdown');
      else expect(text).toContain('Per-country breakdown');
      if (tier === 'detailed') expect(text).toMatch(/Last\s+update/);
    }
  });
});

describe('Stripe mode', () => {
  let fake: FakeStripe;
  let s: TestContext;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t: s, fake, close } = await startStripeTestApp());
  });
  afterAll(() => close());

  it('the webhook completes a report purchase when the browser never comes back', async () => {
    const payer = await signedInUser(s.db);
    const intent = await s.app.inject({
      method: 'POST',
      url: '/api/outbreak/pdf-report/payment',
      headers: { cookie: payer.cookie },
      payload: { reportType: 'full', medicalProfessional: true },
    });
    const { paymentIntentId } = intent.json();
    fake.setStatus(paymentIntentId, 'succeeded');
    // The same event delivered twice: Stripe retries until it hears 200.
    const send = () =>
      sendStripeWebhook(s.app, 'payment_intent.succeeded', fake.intents.get(paymentIntentId)!, { id: 'evt_report_1' });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const [purchase] = await s.db
      .select()
      .from(reportPurchases)
      .where(eq(reportPurchases.providerIntentId, paymentIntentId));
    expect(purchase).toMatchObject({ status: 'paid', tier: 'full', amount: 9999 });
    const confirm = await s.app.inject({
      method: 'POST',
      url: '/api/outbreak/pdf-report/confirm',
      headers: { cookie: payer.cookie },
      payload: { paymentIntentId },
    });
    expect(confirm.json().reportData).toMatchObject({ id: purchase.id, status: 'paid' });
  });
});
