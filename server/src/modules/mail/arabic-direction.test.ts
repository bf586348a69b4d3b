// Arabic e-mails read in the right order (decision 067): an address, a name, a link or a doctor's
// own words keep their own direction inside a right-to-left sentence; the HTML says its direction
// where webmail drops <html dir>, and each plain-text line starts right to left. English and
// Spanish mails are untouched.
import { describe, expect, it } from 'vitest';
import type { Language } from '@common/i18n/languages';
import { accountMailInLanguage } from './account-mail-texts';
import { appointmentMailInLanguage, type AppointmentMailInput } from './localized';
import { renderEmail, type EmailContent } from './template';

const FSI = '\u2068';
const PDI = '\u2069';
const RLM = '\u200f';

const emailChanged = (language: Language) =>
  accountMailInLanguage(
    language,
    { kind: 'email_changed', userId: 'u', newEmail: '1.nia@example.com' } as never,
    { greet: 'Nia' },
    undefined,
  );

const cancelled: AppointmentMailInput = {
  kind: 'booking_cancelled_by_doctor',
  toDoctor: false,
  instant: new Date('2026-11-26T14:00:00Z'),
  zone: 'Asia/Riyadh',
  otherZone: 'Asia/Riyadh',
  type: 'video',
  doctorName: 'Dr. Omar Haddad',
  doctorLastName: 'Haddad',
  patientName: 'Nia Reyes',
  patientFirstName: 'Nia',
  where: null,
  cancellationReason: '2 days of fever',
  refundCents: 9950,
};

describe('Arabic e-mail texts', () => {
  it('an e-mail address starting with a digit stays whole in the sentence (isolated, first strong letter)', () => {
    const [, line] = emailChanged('ar').paragraphs;
    expect(line).toContain(`بالعنوان ${FSI}1.nia@example.com${PDI}؛`);
  });

  it('the doctor’s name and reason are isolated; the refund amount comes isolated from the formatter', () => {
    const mail = appointmentMailInLanguage('ar', cancelled);
    expect(mail.paragraphs[1]).toBe(
      `ألغى ${FSI}Dr. Omar Haddad${PDI} استشارتك بالفيديو للسبب التالي: «${FSI}2 days of fever${PDI}». وسيُردّ إليك المبلغ كاملًا.`,
    );
    const refunded = appointmentMailInLanguage('ar', { ...cancelled, kind: 'booking_refunded' });
    expect(refunded.paragraphs[1]).toContain('رددنا إليك \u206699.50\u00a0US$\u2069 عن');
  });

  it('the HTML content carries dir="rtl" itself and the link under the button is isolated', async () => {
    const content: EmailContent = {
      ...emailChanged('ar'),
      action: { label: 'تأكيد', url: 'https://medora.test/verify-email?token=1a' },
    };
    const { html, text } = await renderEmail(content);
    expect(html).toMatch(/<table[^>]*dir="rtl"/);
    expect(html).toContain(`أو افتح ${FSI}https://medora.test/verify-email?token=1a${PDI}`);
    // Each non-empty plain-text line opens right to left, even one that starts with "Medora".
    const lines = text.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(line.startsWith(RLM)).toBe(true);
    expect(text).toContain(`${RLM}Medora مخصّصة للاستشارات غير الطارئة فقط`);
  });

  it('Spanish and English carry no isolates, marks or extra attributes', async () => {
    const spanish = appointmentMailInLanguage('es', cancelled);
    expect(spanish.paragraphs[1]).toContain('Dr. Omar Haddad');
    expect(spanish.paragraphs[1]).toContain('2 days of fever');
    expect(spanish.paragraphs.join('')).not.toMatch(/[\u2066-\u2069\u200f]/);
    const english: EmailContent = {
      subject: 'Your Medora e-mail address was changed',
      heading: 'Your e-mail address was changed',
      paragraphs: ['Hello Nia,'],
      action: { label: 'Sign in', url: 'https://medora.test/login' },
    };
    const { html, text } = await renderEmail(english);
    expect(html).not.toMatch(/<table[^>]*dir=/);
    expect(text.startsWith('Medora\n\nYour e-mail address was changed\n\nHello Nia,\n')).toBe(true);
    // (The inbox preview pads with invisible marks of its own: the HTML is checked for isolates only.)
    expect(html).not.toMatch(/[\u2066-\u2069]/);
    expect(text).not.toMatch(/[\u2066-\u2069\u200f]/);
  });
});
