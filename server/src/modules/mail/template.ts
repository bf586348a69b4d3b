import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { NON_EMERGENCY_NOTICE } from '@common/constants/email';

export const PRODUCT_NAME = 'Medora';

/** What one e-mail says, whatever its kind; the layout adds the name, the notice and the footer. */
export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value pairs shown as a short list (time, doctor, consultation type). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** Marketing mail only. */
  unsubscribeUrl?: string;
};

const styles = {
  body: { backgroundColor: '#f8fafc', fontFamily: 'Helvetica, Arial, sans-serif', color: '#0f172a' },
  container: {
    backgroundColor: '#ffffff',
    margin: '24px auto',
    padding: '24px',
    maxWidth: '560px',
    borderRadius: '8px',
  },
  brand: { fontSize: '20px', fontWeight: 700, color: '#0f766e', margin: '0 0 16px' },
  heading: { fontSize: '20px', margin: '0 0 12px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  detail: { fontSize: '15px', lineHeight: '22px', margin: '0' },
  button: {
    display: 'inline-block',
    backgroundColor: '#0f766e',
    color: '#ffffff',
    padding: '10px 18px',
    borderRadius: '6px',
    textDecoration: 'none',
    fontWeight: 600,
  },
  small: { fontSize: '12px', lineHeight: '18px', color: '#64748b', margin: '0 0 8px' },
} as const;

function EmailLayout({ content }: { content: EmailContent }): ReactNode {
  const { heading, paragraphs, details = [], action, unsubscribeUrl } = content;
  return h(
    Html,
    { lang: 'en' },
    h(Head),
    h(Preview, null, heading),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.brand }, PRODUCT_NAME),
        h(Heading, { as: 'h1', style: styles.heading }, heading),
        ...paragraphs.map((p, i) => h(Text, { key: `p${i}`, style: styles.text }, p)),
        details.length > 0 &&
          h(
            Section,
            { style: { margin: '8px 0 16px' } },
            ...details.map(([label, value]) =>
              h(Text, { key: label, style: styles.detail }, h('strong', null, `${label}: `), value),
            ),
          ),
        action &&
          h(
            Section,
            { style: { margin: '8px 0 16px' } },
            h(Link, { href: action.url, style: styles.button }, action.label),
            h(Text, { style: styles.small }, `Or open ${action.url}`),
          ),
        h(Hr),
        h(Text, { style: styles.small }, NON_EMERGENCY_NOTICE),
        unsubscribeUrl &&
          h(
            Text,
            { style: styles.small },
            'You receive this because you have a Medora account. ',
            h(Link, { href: unsubscribeUrl }, 'Unsubscribe from marketing e-mail'),
            '.',
          ),
      ),
    ),
  );
}

/** HTML rendered by React Email; the plain-text part is derived from the same HTML. */
export async function renderEmail(content: EmailContent): Promise<{ html: string; text: string }> {
  const html = await render(h(EmailLayout, { content }));
  const text = toPlainText(html);
  return { html, text };
}
