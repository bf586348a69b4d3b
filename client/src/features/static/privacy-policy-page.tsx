import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  DELETION_ACTIONS,
  ERASED_ON_DELETION,
  KEPT_AFTER_DELETION,
  keptRecordText,
} from '@common/constants/account-deletion';
import { dayDate } from '@common/rules/display-time';
import { Container } from '../../ui/page';
import { OperatorContact } from './operator-contact';

type Section = { id: string; title: string; body: ReactNode };

const RIGHTS: { name: string; text: string }[] = [
  { name: 'Access', text: 'ask for a copy of the personal information we hold about you.' },
  { name: 'Correction', text: 'ask us to fix information that is wrong or incomplete.' },
  { name: 'Deletion', text: 'ask us to delete your information, subject to legal record-keeping duties.' },
  { name: 'Portability', text: 'receive your information in a common, machine-readable format.' },
  { name: 'Restriction', text: 'ask us to limit how we use your information in certain cases.' },
  { name: 'Opt-out', text: 'stop receiving marketing messages at any time.' },
];

const SECTIONS: Section[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect the information you give us and information created when you use Medora, including:</p>
        <ul>
          <li>Account details such as your name, e-mail address and profile picture.</li>
          <li>
            Profile information such as date of birth, address, emergency contact and, if you choose to share it,
            medical history, allergies and medications.
          </li>
          <li>For doctors: professional details such as licence number, specialty, qualifications and experience.</li>
          <li>Appointment, consultation and chat records, and reviews you leave.</li>
          <li>Payment records. Card details are handled by our card payment provider and are not stored by Medora.</li>
          <li>Technical information such as device, browser and usage data needed to keep the service running.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To create and manage your account and verify doctors.</li>
        <li>To book, run and follow up on consultations between you and your doctor.</li>
        <li>To process payments, refunds and doctor payouts.</li>
        <li>To send you notices about appointments, payments and your account.</li>
        <li>To improve the service, prevent fraud and meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    body: (
      <p>
        We use encryption in transit, access controls and regular reviews to protect your information. Only people who
        need your information to provide the service can see it. No system is perfectly secure, so please keep your
        sign-in details private and tell us straight away if you think your account has been misused.
      </p>
    ),
  },
  {
    id: 'information-sharing',
    title: 'Information Sharing',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>With the doctor or patient you have a consultation with, as needed for that consultation.</li>
          <li>With service providers who help us run Medora, such as payment and hosting providers, under contract.</li>
          <li>When the law requires it, or to protect the safety of our users or the public.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          {RIGHTS.map((right) => (
            <li key={right.name}>
              <strong className="font-semibold text-ink">{right.name}:</strong> {right.text}
            </li>
          ))}
        </ul>
        <p>To use any of these rights, contact us using the details below.</p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    body: (
      <ul>
        <li>
          Account data, including consultation and payment records, is kept for as long as your account is open and for
          7 years after it closes.
        </li>
        <li>Communications, such as messages and notifications, are kept for 3 years.</li>
        <li>
          After these periods we delete or anonymise the information, unless the law requires us to keep it longer.
        </li>
      </ul>
    ),
  },
  {
    id: 'deleting-your-account',
    title: 'Deleting Your Account',
    body: (
      <>
        <p>You can delete your patient account from your profile page at any time. When you do:</p>
        <ul>
          {DELETION_ACTIONS.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>We erase:</p>
        <ul>
          {ERASED_ON_DELETION.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>We keep only what the law requires, without anything that names you:</p>
        <ul>
          {KEPT_AFTER_DELETION.map((record) => (
            <li key={record.what}>{keptRecordText(record)}</li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: 'third-party-links',
    title: 'Third-Party Links',
    body: (
      <p>
        Medora may link to websites and services run by others. We are not responsible for their content or privacy
        practices, so please read their policies before sharing information with them.
      </p>
    ),
  },
  {
    id: 'childrens-privacy',
    title: "Children's Privacy",
    body: (
      <p>
        Medora is not intended for children under 13, and we do not knowingly collect information from them. If you
        believe a child under 13 has given us information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. When we do, we will change the date at the top of this page and,
        for important changes, let you know by e-mail or in the app.
      </p>
    ),
  },
];

/**
 * The day this policy's text last changed (decision 060): a policy that shows today's date on every
 * visit tells readers nothing about when it changed. Move it with every change of the text.
 */
export const POLICY_LAST_UPDATED = '2026-11-26';

export function PrivacyPolicyPage() {
  const toc = [...SECTIONS.map(({ id, title }) => ({ id, title })), { id: 'contact-us', title: 'Contact Us' }];

  return (
    <Container className="py-8 sm:py-12">
      <article className="mx-auto max-w-3xl">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Privacy Policy</h1>
          <p className="mt-2 text-sm text-muted">
            Last updated:{' '}
            <time dateTime={POLICY_LAST_UPDATED}>{dayDate(`${POLICY_LAST_UPDATED}T12:00:00Z`, 'UTC')}</time>
          </p>
          <p className="mt-4 text-muted">
            This policy explains what information Medora collects, how we use it and the choices you have.
          </p>
        </header>

        <aside
          aria-labelledby="medical-disclaimer"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
        >
          <div className="flex items-start gap-3">
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
            <div>
              <h2 id="medical-disclaimer" className="font-semibold text-amber-900">
                Medical Disclaimer
              </h2>
              <p className="mt-1 text-sm leading-relaxed text-amber-900">
                Medora only connects patients with healthcare providers. We do not provide medical care ourselves and
                are not responsible for the medical services given by providers or for their outcomes. Medora is for
                non-emergency consultations only; in an emergency, call your local emergency number.
              </p>
            </div>
          </div>
        </aside>

        <nav aria-labelledby="privacy-contents" className="mt-6 rounded-xl border border-line bg-white p-4 sm:p-5">
          <h2 id="privacy-contents" className="text-sm font-semibold uppercase tracking-wide text-muted">
            Contents
          </h2>
          <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {toc.map(({ id, title }, index) => (
              <li key={id}>
                <a href={`#${id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  {index + 1}. {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-8 space-y-8">
          {SECTIONS.map(({ id, title, body }) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
              <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
                {title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-muted [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
                {body}
              </div>
            </section>
          ))}

          <section id="contact-us" aria-labelledby="contact-us-heading" className="scroll-mt-20">
            <h2 id="contact-us-heading" className="text-xl font-semibold text-ink">
              Contact Us
            </h2>
            <p className="mt-3 leading-relaxed text-muted">
              If you have questions about this policy or want to use your rights, get in touch:
            </p>
            <OperatorContact />
          </section>
        </div>
      </article>
    </Container>
  );
}
