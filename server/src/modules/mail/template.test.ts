import { describe, expect, it } from 'vitest';
import { plainText, renderDirect, renderEmail, type EmailContent } from './template';

const content: EmailContent = {
  subject: 'Reminder',
  heading: 'Your consultation starts in 1 hour',
  paragraphs: ['Hello Zoë <b>&</b> "friends",', "It's at 10:00 AM New York time."],
  details: [
    ['When', 'Monday, March 15, 2027 at 10:00 AM New York time (UTC−4)'],
    ['Doctor', "Dr. Ana O'Neil"],
  ],
  action: { label: 'Join consultation', url: 'https://medora.test/consultation?appointmentId=1&x="2"' },
  unsubscribeUrl: 'https://medora.test/api/email/unsubscribe?token=a.b',
};

/** The inbox preview is padded with invisible characters to a length; only their count may differ. */
const samePadding = (html: string) => html.replace(/(data-skip-in-text="true">[^<]*<div>)[^<]*(<\/div>)/, '$1$2');

describe('e-mail template', () => {
  it('fills the cached markup exactly as React Email renders the message itself', async () => {
    const same = async (c: EmailContent) =>
      expect(samePadding((await renderEmail(c)).html)).toBe(samePadding(await renderDirect(c)));
    await same(content);
    await same({ ...content, paragraphs: ['One paragraph only'], action: undefined, unsubscribeUrl: undefined });
    await same({ ...content, heading: 'Another heading of another length' });
  });

  it('has a plain-text part with the product name, the notice, the links and no markup', () => {
    const text = plainText(content);
    expect(text.startsWith('Medora\n')).toBe(true);
    expect(text).toContain('Join consultation: https://medora.test/consultation?appointmentId=1&x="2"');
    expect(text).toContain('non-emergency consultations only');
    expect(text).toContain('Unsubscribe from marketing e-mail: https://medora.test/api/email/unsubscribe?token=a.b');
    expect(text).toContain('Hello Zoë <b>&</b> "friends",');
  });
});
