import { Link } from 'react-router';
import type { ClientMessageKey } from '@common/i18n/keys';
import { formatNumber } from '@common/i18n/format';
import { useLanguage, useT } from '../lib/i18n/use-t';

const LINKS: { to: string; label: ClientMessageKey }[] = [
  { to: '/find-doctors', label: 'shell.footer.findDoctors' },
  { to: '/join-doctors', label: 'shell.footer.joinDoctors' },
  { to: '/outbreak', label: 'shell.footer.outbreak' },
  { to: '/privacy-policy', label: 'shell.footer.privacy' },
  { to: '/about', label: 'shell.footer.about' },
];

export function Footer() {
  const t = useT();
  const { language } = useLanguage();
  // A year is not an amount: no grouping ("2026", not "2,026"), in the language's digits.
  const year = formatNumber(new Date().getFullYear(), language, { useGrouping: false });
  return (
    <footer className="mt-16 border-t border-line bg-white">
      {/* Room at the bottom for the assistant button, so it never sits on the last line. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pt-8 pb-24 text-sm text-muted sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md space-y-2">
          <p className="font-semibold text-ink">Medora</p>
          <p role="note">{t('shell.footer.notice')}</p>
        </div>
        <nav aria-label={t('shell.footer.label')} className="flex flex-wrap gap-x-5 gap-y-2">
          {LINKS.map((l) => (
            <Link key={l.to} to={l.to} className="hover:text-ink">
              {t(l.label)}
            </Link>
          ))}
        </nav>
      </div>
      <p className="pb-6 text-center text-xs text-muted">{t('shell.footer.copyright', { year })}</p>
    </footer>
  );
}
