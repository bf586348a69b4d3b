import { ShieldCheck } from 'lucide-react';
import { dollarsToCents, DOLLARS_PATTERN } from '@common/rules/money';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { useWhen } from '../../lib/i18n/use-when';
import { CompletenessBar } from './completeness-bar';
import type { Draft } from './draft';

const useT = textsFor('builder');

const orElse = (value: string, fallback: string) => (value.trim() ? value.trim() : fallback);

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-line py-2.5 last:border-b-0 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-sm font-medium text-ink sm:text-end">{value}</dd>
    </div>
  );
}

/** Step 5: the summary, with "Not specified" / "None specified" / "Not set" for what is missing. */
export function ReviewStep({ draft, completeness }: { draft: Draft; completeness: number }) {
  const t = useT();
  const { spokenLanguage: languageName, money, specialty, language, ltr } = useFormats();
  const { zoneName } = useWhen();
  const notSpecified = t('builder.review.notSpecified');
  const fee = DOLLARS_PATTERN.test(draft.consultationFee.trim())
    ? money(dollarsToCents(draft.consultationFee))
    : t('builder.review.notSet');
  const place = [draft.location.trim(), draft.country.trim()].filter(Boolean).join(', ');
  const years = Number(draft.experience.trim());
  const experience = !draft.experience.trim()
    ? notSpecified
    : Number.isFinite(years)
      ? t('builder.review.years', { count: years })
      : draft.experience;
  return (
    <div className="flex flex-col gap-5">
      <dl className="rounded-lg border border-line px-4">
        <Row
          label={t('builder.review.specialty')}
          value={draft.specialty.trim() ? specialty(draft.specialty.trim()) : notSpecified}
        />
        <Row label={t('builder.review.location')} value={orElse(place, notSpecified)} />
        <Row label={t('builder.review.experience')} value={experience} />
        <Row
          label={t('builder.review.languages')}
          value={
            draft.languages.length
              ? draft.languages.map(languageName).join(language === 'ar' ? '\u060c ' : ', ')
              : t('builder.review.noneSpecified')
          }
        />
        <Row label={t('builder.review.school')} value={orElse(draft.medicalSchool, notSpecified)} />
        <Row
          label={t('builder.review.license')}
          value={draft.licenseNumber.trim() ? ltr(draft.licenseNumber.trim()) : notSpecified}
        />
        <Row
          label={t('builder.review.certifications')}
          value={t('builder.review.certCount', { count: draft.certifications.length })}
        />
        <Row label={t('builder.review.fee')} value={fee} />
        <Row label={t('builder.review.timeZone')} value={zoneName(draft.timeZone)} />
      </dl>
      <div className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <ShieldCheck className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <p>{t('builder.review.notice')}</p>
      </div>
      <CompletenessBar value={completeness} />
    </div>
  );
}
