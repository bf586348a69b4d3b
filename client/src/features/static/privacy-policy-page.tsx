import { AlertTriangle } from 'lucide-react';
import { deletionTexts } from '@common/i18n/account-deletion-texts';
import type { ReactNode } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import type { Translate } from '../../lib/i18n/use-t';
import { Container } from '../../ui/page';
import { OperatorContact } from './operator-contact';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('legal', 'account-deletion');

type Section = { id: string; title: ClientMessageKey; body: (t: Translate, deletion: DeletionTexts) => ReactNode };
type DeletionTexts = ReturnType<typeof deletionTexts>;

const RIGHTS: ClientMessageKey[] = [
  'legal.privacy.rights.access',
  'legal.privacy.rights.correction',
  'legal.privacy.rights.deletion',
  'legal.privacy.rights.portability',
  'legal.privacy.rights.restriction',
  'legal.privacy.rights.optOut',
];

const list = (t: Translate, keys: readonly ClientMessageKey[]) => (
  <ul>
    {keys.map((key) => (
      <li key={key}>{t(key)}</li>
    ))}
  </ul>
);
const texts = (items: readonly string[]) => (
  <ul>
    {items.map((text) => (
      <li key={text}>{text}</li>
    ))}
  </ul>
);

const SECTIONS: Section[] = [
  {
    id: 'information-we-collect',
    title: 'legal.privacy.collect.title',
    body: (t) => (
      <>
        <p>{t('legal.privacy.collect.intro')}</p>
        {list(t, [
          'legal.privacy.collect.account',
          'legal.privacy.collect.profile',
          'legal.privacy.collect.doctors',
          'legal.privacy.collect.appointments',
          'legal.privacy.collect.waitlist',
          'legal.privacy.collect.family',
          'legal.privacy.collect.payments',
          'legal.privacy.collect.technical',
        ])}
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'legal.privacy.use.title',
    body: (t) =>
      list(t, [
        'legal.privacy.use.account',
        'legal.privacy.use.consultations',
        'legal.privacy.use.payments',
        'legal.privacy.use.notices',
        'legal.privacy.use.improve',
      ]),
  },
  {
    id: 'data-security',
    title: 'legal.privacy.security.title',
    body: (t) => <p>{t('legal.privacy.security.body')}</p>,
  },
  {
    id: 'information-sharing',
    title: 'legal.privacy.sharing.title',
    body: (t) => (
      <>
        <p>{t('legal.privacy.sharing.intro')}</p>
        {list(t, ['legal.privacy.sharing.care', 'legal.privacy.sharing.providers', 'legal.privacy.sharing.law'])}
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'legal.privacy.rights.title',
    body: (t) => (
      <>
        <p>{t('legal.privacy.rights.intro')}</p>
        <Rights />
        <p>{t('legal.privacy.rights.outro')}</p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'legal.privacy.retention.title',
    body: (t) =>
      list(t, [
        'legal.privacy.retention.account',
        'legal.privacy.retention.communications',
        'legal.privacy.retention.waitlist',
        'legal.privacy.retention.after',
      ]),
  },
  {
    id: 'deleting-your-account',
    title: 'legal.privacy.deleting.title',
    body: (t, deletion) => (
      <>
        <p>{t('legal.privacy.deleting.intro')}</p>
        {texts(deletion.actions)}
        <p>{t('legal.privacy.deleting.erased')}</p>
        {texts(deletion.erased)}
        <p>{t('legal.privacy.deleting.kept')}</p>
        {texts(deletion.kept)}
      </>
    ),
  },
  {
    id: 'third-party-links',
    title: 'legal.privacy.links.title',
    body: (t) => <p>{t('legal.privacy.links.body')}</p>,
  },
  {
    id: 'childrens-privacy',
    title: 'legal.privacy.children.title',
    body: (t) => <p>{t('legal.privacy.children.body')}</p>,
  },
  {
    id: 'changes',
    title: 'legal.privacy.changes.title',
    body: (t) => <p>{t('legal.privacy.changes.body')}</p>,
  },
];

function Rights() {
  const rich = useRichT();
  return (
    <ul>
      {RIGHTS.map((key) => (
        <li key={key}>{rich(key, { b: (chunks) => <strong className="font-semibold text-ink">{chunks}</strong> })}</li>
      ))}
    </ul>
  );
}

/**
 * The day this policy's text last changed (decision 060): a policy that shows today's date on every
 * visit tells readers nothing about when it changed. Move it with every change of the text.
 */
export const POLICY_LAST_UPDATED = '2026-12-02';

export function PrivacyPolicyPage() {
  const t = useT();
  const rich = useRichT();
  const time = useWhen();
  const deletion = deletionTexts(t);
  const toc: { id: string; title: ClientMessageKey }[] = [
    ...SECTIONS.map(({ id, title }) => ({ id, title })),
    { id: 'contact-us', title: 'legal.privacy.contact.title' },
  ];

  return (
    <Container className="py-8 sm:py-12">
      <article className="mx-auto max-w-3xl">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('legal.privacy.title')}</h1>
          <p className="mt-2 text-sm text-muted">
            {rich('legal.privacy.updated', {
              date: (
                <time dateTime={POLICY_LAST_UPDATED}>{time.dayDate(`${POLICY_LAST_UPDATED}T12:00:00Z`, 'UTC')}</time>
              ),
            })}
          </p>
          <p className="mt-4 text-muted">{t('legal.privacy.intro')}</p>
        </header>

        <aside
          aria-labelledby="medical-disclaimer"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
        >
          <div className="flex items-start gap-3">
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
            <div>
              <h2 id="medical-disclaimer" className="font-semibold text-amber-900">
                {t('legal.privacy.disclaimer.title')}
              </h2>
              <p className="mt-1 text-sm leading-relaxed text-amber-900">{t('legal.privacy.disclaimer.body')}</p>
            </div>
          </div>
        </aside>

        <nav aria-labelledby="privacy-contents" className="mt-6 rounded-xl border border-line bg-white p-4 sm:p-5">
          <h2 id="privacy-contents" className="text-sm font-semibold uppercase tracking-wide text-muted">
            {t('legal.privacy.contents')}
          </h2>
          <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {toc.map(({ id, title }, index) => (
              <li key={id}>
                <a href={`#${id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {index + 1}. {t(title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-8 space-y-8">
          {SECTIONS.map(({ id, title, body }) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
              <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
                {t(title)}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-muted [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:ps-5">
                {body(t, deletion)}
              </div>
            </section>
          ))}

          <section id="contact-us" aria-labelledby="contact-us-heading" className="scroll-mt-20">
            <h2 id="contact-us-heading" className="text-xl font-semibold text-ink">
              {t('legal.privacy.contact.title')}
            </h2>
            <p className="mt-3 leading-relaxed text-muted">{t('legal.privacy.contact.intro')}</p>
            <OperatorContact />
          </section>
        </div>
      </article>
    </Container>
  );
}
