import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 28's proof: a Spanish and an Arabic visitor (nothing but the browser's Accept-Language)
 * go from the landing page through find doctors, a doctor's page, booking and card payment to My
 * Appointments, and read their language on every step: texts, money with the locale's
 * separators, dates and times in its words, and right to left for Arabic.
 */
type Journey = {
  locale: string;
  lang: 'es' | 'ar';
  dir: 'ltr' | 'rtl';
  t: {
    landingTitle: string;
    findDoctors: string;
    searchLabel: string;
    location: string;
    familyMedicine: string;
    search: string;
    availableTimes: string;
    video: string;
    fees: string;
    book: string;
    reason: string;
    review: string;
    reviewTitle: string;
    complete: string;
    cardNumber: string;
    expiry: string;
    cvc: string;
    postcode: string;
    pay: RegExp;
    paid: string;
    myAppointments: string;
    /** The new visit's status on My Appointments. */
    confirmed: string;
    accountMenu: string;
  };
  /** Whole dollars in the locale: "150 US$" (es), "150 US$" kept one left-to-right run (ar). */
  money: RegExp;
  /** The review's date row: the weekday and month in the language. */
  longDate: RegExp;
  /** A weekday in the language, as the appointment card names the visit's day. */
  weekday: RegExp;
  /** The review's time row: the locale's clock and the zone named in the language. */
  clock: RegExp;
};

const JOURNEYS: Journey[] = [
  {
    locale: 'es-ES',
    lang: 'es',
    dir: 'ltr',
    t: {
      landingTitle: 'Atención de médicos de confianza, esté donde esté',
      findDoctors: 'Buscar médicos',
      searchLabel: 'Buscar',
      location: 'Ubicación',
      familyMedicine: 'Medicina familiar',
      search: 'Buscar',
      availableTimes: 'Horarios disponibles',
      video: 'Videollamada',
      fees: 'Tarifas de consulta',
      book: 'Reservar cita',
      reason: 'Motivo de la consulta',
      review: 'Revisar la reserva',
      reviewTitle: 'Revise su reserva',
      complete: 'Completar el pago',
      cardNumber: 'Número de tarjeta',
      expiry: 'Caducidad (MM / AA)',
      cvc: 'CVC',
      postcode: 'Código postal',
      pay: /^Pagar \d+(,\d\d)?\sUS\$$/,
      paid: 'Pago realizado',
      myAppointments: 'Mis citas',
      confirmed: 'Confirmada',
      accountMenu: 'Menú de la cuenta',
    },
    money: /^\d+(,\d\d)?\sUS\$$/,
    longDate: /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}$/,
    weekday: /lunes|martes|miércoles|jueves|viernes|sábado|domingo/,
    clock: /^([01]?\d|2[0-3]):[0-5]\d UTC · .*hora de Nueva York/,
  },
  {
    locale: 'ar',
    lang: 'ar',
    dir: 'rtl',
    t: {
      landingTitle: 'رعاية من أطباء موثوقين أينما كنت',
      findDoctors: 'البحث عن طبيب',
      searchLabel: 'بحث',
      location: 'المكان',
      familyMedicine: 'طب الأسرة',
      search: 'بحث',
      availableTimes: 'الأوقات المتاحة',
      video: 'مكالمة فيديو',
      fees: 'رسوم الاستشارة',
      book: 'احجز موعدًا',
      reason: 'سبب الزيارة',
      review: 'مراجعة الحجز',
      reviewTitle: 'راجع حجزك',
      complete: 'إتمام الدفع',
      cardNumber: 'رقم البطاقة',
      expiry: 'تاريخ الانتهاء (شهر / سنة)',
      cvc: 'رمز التحقق (CVC)',
      postcode: 'الرمز البريدي',
      pay: /^ادفع \u2066?\d+(\.\d\d)?\sUS\$\u2069?$/,
      paid: 'تم الدفع بنجاح',
      myAppointments: 'مواعيدي',
      confirmed: 'مؤكَّد',
      accountMenu: 'قائمة الحساب',
    },
    money: /^\u2066\d+(\.\d\d)?\sUS\$\u2069$/,
    longDate: /^(الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت)، \d{1,2} \S+ \d{4}$/,
    weekday: /الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت/,
    clock: /^\d{1,2}:[0-5]\d\s[صم] UTC · .*توقيت نيويورك/,
  },
];

async function pay(page: Page, j: Journey) {
  await page.getByLabel(j.t.cardNumber).fill('4242 4242 4242 4242');
  await page.getByLabel(j.t.expiry).fill('1234');
  await page.getByLabel(j.t.cvc, { exact: true }).fill('123');
  await page.getByLabel(j.t.postcode).fill('10001');
  await page.getByRole('button', { name: j.t.pay }).click();
}

for (const j of JOURNEYS) {
  test.describe(`in ${j.lang}`, () => {
    test.use({ locale: j.locale });

    test(`a ${j.lang} visitor finds a doctor, books, pays by card and lands on My Appointments`, async ({
      page,
      signUpPatient,
    }) => {
      const html = page.locator('html');
      await page.goto('/');
      await expect(html).toHaveAttribute('lang', j.lang);
      await expect(html).toHaveAttribute('dir', j.dir);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.t.landingTitle);

      // Find doctors, in the language: the specialty typed in it finds the demo family doctor in New York.
      await page.getByRole('navigation').getByRole('link', { name: j.t.findDoctors }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.t.findDoctors);
      await page.getByRole('searchbox', { name: j.t.searchLabel }).fill(j.t.familyMedicine);
      await page.getByRole('textbox', { name: j.t.location }).fill('New York');
      await page.getByRole('button', { name: j.t.search, exact: true }).click();
      await page.getByRole('link', { name: 'Dr. Daniel Okafor' }).first().click();

      // The doctor's page: its sections, the fees in the locale's money, the free times.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dr. Daniel Okafor');
      await expect(page.getByText(j.t.availableTimes, { exact: true })).toBeVisible();
      await expect(page.getByText(j.t.fees, { exact: true })).toBeVisible();
      const videoFee = page.locator('li').filter({ hasText: new RegExp(`^${j.t.video}`) });
      await expect(videoFee.locator('span').last()).toHaveText(j.money);

      // Booking needs an account: the visitor signs up (the account takes the browser's language).
      await signUpPatient();
      await page.reload();
      await page.getByRole('link', { name: j.t.book }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.t.book);
      await page
        .getByRole('radiogroup', { name: j.t.availableTimes })
        .locator('button:not([disabled])')
        .first()
        .click();
      await page.getByLabel(j.t.reason).fill(`Journey ${j.lang} ${Date.now()}`);
      await page.getByRole('button', { name: j.t.review }).click();

      const review = page.getByRole('heading', { name: j.t.reviewTitle });
      await expect(review).toBeVisible();
      const values = page.locator('dl dd');
      await expect(values.nth(2)).toHaveText(j.longDate);
      await expect(values.nth(3)).toHaveText(j.clock);
      await expect(values.nth(4)).toHaveText(j.money);
      await page.getByRole('button', { name: j.t.book, exact: true }).click();

      // Checkout: held, then paid with the simulated card.
      await expect(page).toHaveURL(/\/checkout\?appointmentId=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.t.complete);
      await expect(page.getByTestId('hold-notice')).toBeVisible();
      await pay(page, j);

      // My Appointments: its title, the new visit confirmed with its date in the language, the shell.
      await expect(page).toHaveURL(/\/appointments$/);
      await expect(page.getByText(j.t.paid, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.t.myAppointments);
      const visit = page.getByTestId('appointment-card').filter({ hasText: 'Dr. Daniel Okafor' }).first();
      await expect(visit.getByText(j.t.confirmed, { exact: true })).toBeVisible();
      await expect(visit).toContainText(j.weekday);
      await expect(page.getByRole('navigation').getByRole('link', { name: j.t.myAppointments }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(j.t.accountMenu) })).toBeVisible();
      await expect(html).toHaveAttribute('lang', j.lang);
      await expect(html).toHaveAttribute('dir', j.dir);
    });
  });
}
