import type { render } from '@react-email/render';
import type { createElement, ReactElement, ReactNode } from 'react';
import { DEFAULT_LANGUAGE, textDirection, type Language } from '@common/i18n/languages';
import { translate } from '../../core/i18n';
import { ownDirection } from './own-direction';

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
  /** The recipient's language (default English): the layout's own words and direction follow it. */
  language?: Language;
};

/** The layout's own words, in the mail's language. */
const notice = (language: Language) => translate(language, 'mail.nonEmergency');
const orOpen = (language: Language, url: string) =>
  translate(language, 'mail.or', { url: ownDirection(language, url) });

/**
 * React and React Email's components are loaded when the first message is rendered: a server that
 * sends no mail in its first minutes need not carry them. Each component comes from its own
 * package: `@react-email/components` also loads the code block and its copy of Prism, which
 * tokenised its grammars for some 300 ms on the first mail under load, blocking every request
 * (issue 39's first soak minute), and held heap for nothing: no Medora mail shows code.
 */
async function loadComponents() {
  const [body, container, head, heading, hr, html, link, preview, section, text] = await Promise.all([
    import('@react-email/body'),
    import('@react-email/container'),
    import('@react-email/head'),
    import('@react-email/heading'),
    import('@react-email/hr'),
    import('@react-email/html'),
    import('@react-email/link'),
    import('@react-email/preview'),
    import('@react-email/section'),
    import('@react-email/text'),
  ]);
  return {
    Body: body.Body,
    Container: container.Container,
    Head: head.Head,
    Heading: heading.Heading,
    Hr: hr.Hr,
    Html: html.Html,
    Link: link.Link,
    Preview: preview.Preview,
    Section: section.Section,
    Text: text.Text,
  };
}
type Renderer = {
  h: typeof createElement;
  c: Awaited<ReturnType<typeof loadComponents>>;
  render: typeof render;
};
let renderer: Promise<Renderer> | undefined;
const loadRenderer = () =>
  (renderer ??= Promise.all([import('react'), loadComponents(), import('@react-email/render')]).then(
    ([react, c, renderModule]) => ({ h: react.createElement, c, render: renderModule.render }),
  ));

/** The marketing footer. */
const unsubscribeWords = ({ h, c }: Renderer, language: Language, url: string): ReactNode[] => [
  `${translate(language, 'mail.unsubscribe.reason')} `,
  h(c.Link, { key: 'u', href: url }, translate(language, 'mail.unsubscribe.link')),
];

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

function emailLayout(r: Renderer, content: EmailContent): ReactElement {
  const { h, c } = r;
  const { heading, paragraphs, details = [], action, unsubscribeUrl, language = DEFAULT_LANGUAGE } = content;
  return h(
    c.Html,
    { lang: language, dir: textDirection(language) },
    h(c.Head),
    h(c.Preview, null, heading),
    h(
      c.Body,
      { style: styles.body },
      h(
        c.Container,
        // Webmail drops the <html> element's attributes: the content says its direction itself.
        { style: styles.container, ...(textDirection(language) === 'rtl' && { dir: 'rtl' }) },
        h(c.Text, { style: styles.brand }, PRODUCT_NAME),
        h(c.Heading, { as: 'h1', style: styles.heading }, heading),
        ...paragraphs.map((p, i) => h(c.Text, { key: `p${i}`, style: styles.text }, p)),
        details.length > 0 &&
          h(
            c.Section,
            { style: { margin: '8px 0 16px' } },
            ...details.map(([label, value]) =>
              h(c.Text, { key: label, style: styles.detail }, h('strong', null, `${label}: `), value),
            ),
          ),
        action &&
          h(
            c.Section,
            { style: { margin: '8px 0 16px' } },
            h(c.Link, { href: action.url, style: styles.button }, action.label),
            h(c.Text, { style: styles.small }, orOpen(language, action.url)),
          ),
        h(c.Hr),
        h(c.Text, { style: styles.small }, notice(language)),
        unsubscribeUrl && h(c.Text, { style: styles.small }, ...unsubscribeWords(r, language, unsubscribeUrl)),
      ),
    ),
  );
}

/*
 * Rendering React on every message costs milliseconds of CPU that a queue of thousands of
 * reminders feels. Messages of one shape (number of paragraphs and details, with or without a
 * button or an unsubscribe link) share their markup, so React Email renders each shape once with
 * placeholders, and each message fills them in, HTML-escaped.
 */
const token = (name: string) => `%%medora:${name}%%`;
const TOKEN_PATTERN = /%%medora:([A-Za-z0-9]+)%%/g;
const skeletons = new Map<string, Promise<string>>();

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

function placeholders(content: EmailContent): { shape: EmailContent; values: Record<string, string> } {
  const values: Record<string, string> = { H: content.heading };
  content.paragraphs.forEach((p, i) => (values[`P${i}`] = p));
  (content.details ?? []).forEach(([label, value], i) => {
    values[`L${i}`] = label;
    values[`V${i}`] = value;
  });
  if (content.action) Object.assign(values, { AL: content.action.label, AU: content.action.url });
  if (content.unsubscribeUrl) values.U = content.unsubscribeUrl;
  const shape: EmailContent = {
    subject: '',
    heading: token('H'),
    paragraphs: content.paragraphs.map((_, i) => token(`P${i}`)),
    details: (content.details ?? []).map((_, i) => [token(`L${i}`), token(`V${i}`)]),
    action: content.action && { label: token('AL'), url: token('AU') },
    unsubscribeUrl: content.unsubscribeUrl && token('U'),
    language: content.language,
  };
  return { shape, values };
}

/**
 * A text-only reader picks each line's direction from its first letter: an Arabic line opening
 * with "Medora" or a name would read left to right, its phrases in the wrong order. A
 * right-to-left mark at the start of each line says it.
 */
const rtlLines = (text: string) => text.replace(/^(?=.)/gm, '\u200f');

/** The plain-text part, from the same content: what a text-only mail reader shows. */
export function plainText(content: EmailContent): string {
  const text = plainTextLines(content);
  return textDirection(content.language ?? DEFAULT_LANGUAGE) === 'rtl' ? rtlLines(text) : text;
}

function plainTextLines(content: EmailContent): string {
  const parts = [PRODUCT_NAME, content.heading, ...content.paragraphs];
  if (content.details?.length) parts.push(content.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (content.action) parts.push(`${content.action.label}: ${content.action.url}`);
  parts.push(`--\n${notice(content.language ?? DEFAULT_LANGUAGE)}`);
  if (content.unsubscribeUrl)
    parts.push(
      `${translate(content.language ?? DEFAULT_LANGUAGE, 'mail.unsubscribe.link')}: ${content.unsubscribeUrl}`,
    );
  return `${parts.join('\n\n')}\n`;
}

/** The HTML rendered by React Email (once per shape) and the plain-text part. */
export async function renderEmail(content: EmailContent): Promise<{ html: string; text: string }> {
  const { shape, values } = placeholders(content);
  const key = JSON.stringify([
    shape.paragraphs.length,
    shape.details?.length,
    !!shape.action,
    !!shape.unsubscribeUrl,
    shape.language ?? DEFAULT_LANGUAGE,
  ]);
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    skeleton = loadRenderer().then((r) => r.render(emailLayout(r, shape)));
    skeletons.set(key, skeleton);
  }
  const html = (await skeleton).replace(TOKEN_PATTERN, (_, name: string) => escapeHtml(values[name] ?? ''));
  return { html, text: plainText(content) };
}

/** Renders without the shape cache; the tests compare the two. */
export const renderDirect = async (content: EmailContent) => {
  const r = await loadRenderer();
  return r.render(emailLayout(r, content));
};
