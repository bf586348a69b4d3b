import { Languages } from 'lucide-react';
import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@common/i18n/languages';
import { cn } from '../lib/cn';
import { useLanguage, useT } from '../lib/i18n/use-t';

/** The language switch of the navbar and the drawer: each language named in itself. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <Languages className="h-4 w-4 shrink-0 text-muted" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('shell.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => isLanguage(event.target.value) && setLanguage(event.target.value)}
        className="h-9 rounded-lg border border-line bg-white ps-2 pe-7 text-sm text-ink focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
