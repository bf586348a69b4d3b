// The forms' own schema messages (bank account, weekly hours, visit rules, time off) said again in
// Spanish and Arabic, English unchanged; those that carry what was typed are found by their shape.
import { createIntl, createIntlCache } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, type Language } from './languages';
import { localizeValidation } from './validation';
import { payoutAccountBodySchema } from '../schemas/receipts';
import { scheduleSchema, timeOffRequestSchema, weeklyHoursSchema } from '../schemas/schedule';
import { ibanProblem } from '../rules/bank-account';
import arFields from './ar/screens/fields.json';
import arValidation from './ar/validation.json';
import esFields from './es/screens/fields.json';
import esValidation from './es/validation.json';

const cache = createIntlCache();
const say = (language: Exclude<Language, 'en'>) => {
  const messages = language === 'es' ? { ...esValidation, ...esFields } : { ...arValidation, ...arFields };
  const intl = createIntl(
    {
      locale: INTL_LOCALE[language],
      messages,
      onError: (e) => {
        throw e;
      },
    },
    cache,
  );
  return (message: string) => localizeValidation(message, (key, values) => intl.formatMessage({ id: key }, values));
};
const es = say('es');
const ar = say('ar');

/** The first message of each field, as the forms show it. */
function issues(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}

const week = (monday: { start: string; end: string }[]) => ({
  mon: monday,
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
});

describe('bank account messages', () => {
  it('English as before; Spanish and Arabic for a fixed message and one with the typed length', () => {
    expect(ibanProblem('')).toBe('Enter your IBAN');
    expect(es('Enter your IBAN')).toBe('Introduzca su IBAN');
    expect(ar('Enter your IBAN')).toBe('أدخل رقم IBAN الخاص بك');

    const short = ibanProblem('DE89 3704 0044 0532 0130');
    expect(short).toBe('A DE IBAN has 22 characters; this one has 20');
    expect(es(short!)).toBe('Un IBAN de DE tiene 22 caracteres; este tiene 20 caracteres');
    expect(ar(short!)).toBe('يتكوّن رقم IBAN في DE من 22 حرفًا؛ وهذا الرقم من 20 حرفًا');
  });

  it('the form’s fields: the label of a required field is said in the language too', () => {
    const fields = issues(
      // With the password the body needs (issue 37), so the account checks run.
      payoutAccountBodySchema.safeParse({ kind: 'iban', holderName: 'Ada Lovelace', iban: 'XX12', password: 'pw' }),
    );
    expect(fields.iban).toBe('An IBAN starts with a country code we know (e.g. DE, GB, FR)');
    expect(es(fields.iban)).toBe('Un IBAN empieza por un código de país que conocemos (p. ej., DE, GB, FR)');
    const kind = issues(payoutAccountBodySchema.safeParse({ kind: 'bitcoin', holderName: 'Ada' })).kind;
    expect(kind).toBe('Choose IBAN or US bank account');
    expect(ar(kind)).toBe('اختر رقم IBAN أو حسابًا مصرفيًا أمريكيًا');
    const holder = issues(payoutAccountBodySchema.safeParse({ kind: 'iban', iban: 'x' })).holderName;
    expect(holder).toBe('Account holder is required');
    expect(es(holder)).toBe('Titular de la cuenta: campo obligatorio');
  });
});

describe('weekly hours and visit rules', () => {
  it('an end before its start names the day and the times in each language', () => {
    const message = issues(weeklyHoursSchema.safeParse(week([{ start: '18:00', end: '09:00' }])))['mon.0.end'];
    expect(message).toBe('Monday 18:00–09:00: the end must be after the start');
    expect(es(message)).toBe('Lunes 18:00–09:00: el fin debe ser posterior al inicio');
    expect(ar(message)).toBe('الاثنين 18:00–09:00: يجب أن تكون النهاية بعد البداية');
  });

  it('overlapping ranges', () => {
    const [message] = Object.values(
      issues(
        weeklyHoursSchema.safeParse(
          week([
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '14:00' },
          ]),
        ),
      ),
    );
    expect(message).toBe('Monday: 09:00–12:00 and 11:00–14:00 overlap');
    expect(es(message)).toBe('Lunes: 09:00–12:00 y 11:00–14:00 se solapan');
    expect(ar(message)).toBe('الاثنين: الفترتان 09:00–12:00 و11:00–14:00 متداخلتان');
  });

  it('visit lengths and limits, with plurals', () => {
    const fields = issues(
      scheduleSchema.safeParse({
        weekly: week([]),
        visitMinutes: { video: 7, voice: 30, in_person: 30 },
        bufferMinutes: 0,
        minNoticeMinutes: 0,
        horizonDays: 0,
        dailyCap: null,
      }),
    );
    expect(fields['visitMinutes.video']).toMatch(/^Video visits last [\d, ]+ or \d+ minutes$/);
    expect(es(fields['visitMinutes.video'])).toMatch(/^Las videoconsultas duran [\d, ]+ o \d+ minutos$/);
    expect(fields.horizonDays).toBe('Booking horizon: at least 1 day');
    expect(es(fields.horizonDays)).toBe('Antelación máxima de reserva: como mínimo 1 día');
    expect(ar(fields.horizonDays)).toBe('مدى الحجز المسبق: يوم واحد على الأقل');
  });
});

describe('time off', () => {
  it('an end before the start and a far date', () => {
    const order = issues(
      timeOffRequestSchema.safeParse({ startsAt: '2026-12-24T12:00:00Z', endsAt: '2026-12-24T09:00:00Z' }),
    ).endsAt;
    expect(order).toBe('The time off must end after it starts');
    expect(es(order)).toBe('La ausencia debe terminar después de empezar');
    expect(ar(order)).toBe('يجب أن تنتهي الإجازة بعد بدايتها');
    const far = issues(
      timeOffRequestSchema.safeParse({ startsAt: '2026-12-24T12:00:00Z', endsAt: '3026-12-24T09:00:00Z' }),
    ).endsAt;
    expect(far).toBe('End: pick a date between 2000 and 2100');
    expect(es(far)).toBe('Fin: elija una fecha entre 2000 y 2100');
  });

  it('text that is not one of ours comes back as it is', () => {
    expect(es('Monday is lovely')).toBe('Monday is lovely');
    expect(ar('')).toBe('');
  });

  it('typed text shaped like a template’s words is not taken for one of its values', () => {
    const crafted = `Monday: 09:00–12:00 and 11:00–14:00 ${'and 1:00–2:00 '.repeat(12)}overlap`;
    expect(es(crafted)).toBe(crafted);
    const long = `Monday ${'1'.repeat(300)}–09:00: the end must be after the start`;
    expect(es(long)).toBe(long);
  });
});
