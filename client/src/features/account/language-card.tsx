import { Languages } from 'lucide-react';
import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@common/i18n/languages';
import { textsFor } from '../../lib/i18n/areas';
import { useLanguage } from '../../lib/i18n/use-t';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label, Select } from '../../ui/input';

const useT = textsFor('account');

/** The account's language: every screen switches at once, and Medora's e-mails to this person are written in it. */
export function LanguageCard() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Languages className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.language.title')}
        </CardTitle>
        <CardDescription>{t('account.language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-1.5 sm:max-w-xs">
        <Label htmlFor={id}>{t('account.language.label')}</Label>
        <Select id={id} value={language} onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}>
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </Select>
      </CardContent>
    </Card>
  );
}
