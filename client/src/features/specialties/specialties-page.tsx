import { Clock, Search, SearchX, Stethoscope, TrendingUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SPECIALTY_CATALOG, type Specialty, type SpecialtyPopularity } from '@common/constants/specialties';
import type { ClientMessageKey } from '@common/i18n/keys';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input, Label } from '../../ui/input';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { toast } from '../../ui/toast-store';
import { dollarsToCents } from '@common/rules/money';

const useT = textsFor('specialty-list');

/** Signed-out visitors see the toast, then go to sign-in after 1.5 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;

const POPULARITY_BADGE: Record<SpecialtyPopularity, BadgeVariant> = {
  'Very High': 'default',
  High: 'success',
  Medium: 'secondary',
  Low: 'outline',
};

const POPULARITY_KEY: Record<SpecialtyPopularity, ClientMessageKey> = {
  'Very High': 'specialty-list.popularity.veryHigh',
  High: 'specialty-list.popularity.high',
  Medium: 'specialty-list.popularity.medium',
  Low: 'specialty-list.popularity.low',
};

/** Each catalogue specialty's description, by its (English) name. */
export const DESCRIPTION_KEY: Record<string, ClientMessageKey> = {
  Cardiology: 'specialty-list.description.cardiology',
  Dermatology: 'specialty-list.description.dermatology',
  Endocrinology: 'specialty-list.description.endocrinology',
  'Family Medicine': 'specialty-list.description.familyMedicine',
  Gastroenterology: 'specialty-list.description.gastroenterology',
  'General Practice': 'specialty-list.description.generalPractice',
  'Internal Medicine': 'specialty-list.description.internalMedicine',
  Nephrology: 'specialty-list.description.nephrology',
  Neurology: 'specialty-list.description.neurology',
  'Obstetrics & Gynecology': 'specialty-list.description.obstetrics',
  Oncology: 'specialty-list.description.oncology',
  Ophthalmology: 'specialty-list.description.ophthalmology',
  Orthopedics: 'specialty-list.description.orthopedics',
  'Otolaryngology (ENT)': 'specialty-list.description.ent',
  Pediatrics: 'specialty-list.description.pediatrics',
  Psychiatry: 'specialty-list.description.psychiatry',
  Pulmonology: 'specialty-list.description.pulmonology',
  Radiology: 'specialty-list.description.radiology',
  Urology: 'specialty-list.description.urology',
  Rheumatology: 'specialty-list.description.rheumatology',
  'Allergy & Immunology': 'specialty-list.description.allergy',
  'Infectious Disease': 'specialty-list.description.infectious',
  'Sports Medicine': 'specialty-list.description.sports',
  Geriatrics: 'specialty-list.description.geriatrics',
};

/** A specialty as the viewer reads it: name and description in their language. */
export type ShownSpecialty = Specialty & { shownName: string; shownDescription: string };

/**
 * The specialties search matches name or description, case-insensitively, as shown and in English
 * (a Spanish reader may type "cardiología" or "cardiology").
 */
export function filterSpecialties<S extends Specialty & Partial<ShownSpecialty>>(
  list: readonly S[],
  text: string,
): S[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter((s) =>
    [s.name, s.description, s.shownName ?? '', s.shownDescription ?? ''].some((field) =>
      field.toLocaleLowerCase().includes(needle),
    ),
  );
}

/** "2-3 days" as a range the message says in the reader's words; another form stands as written. */
const waitRange = (waitTime: string) => /^(\d+)-(\d+) days$/.exec(waitTime);

export function SpecialtiesPage() {
  const t = useT();
  const rich = useRichT();
  const formats = useFormats();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const catalog = useMemo(
    () =>
      SPECIALTY_CATALOG.map((s) => ({
        ...s,
        shownName: formats.specialty(s.name),
        shownDescription: DESCRIPTION_KEY[s.name] ? t(DESCRIPTION_KEY[s.name]) : s.description,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formats follow the language, as t does
    [t],
  );
  const shown = useMemo(() => filterSpecialties(catalog, text), [catalog, text]);
  const wait = (waitTime: string) => {
    const range = waitRange(waitTime);
    return range ? t('specialty-list.wait', { min: Number(range[1]), max: Number(range[2]) }) : waitTime;
  };

  const handleConnect = (specialty: Specialty) => {
    if (!user) {
      toast({
        title: t('specialty-list.loginTitle'),
        description: t('specialty-list.loginText'),
        variant: 'destructive',
      });
      const returnTo = '/specialties';
      window.setTimeout(
        () => window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`),
        LOGIN_REDIRECT_DELAY_MS,
      );
      return;
    }
    navigate(`/checkout?specialty=${encodeURIComponent(specialty.name)}&fee=${specialty.avgConsultationFee}`);
  };

  return (
    <Container className="pb-12">
      <PageHeader title={t('specialty-list.title')} subtitle={t('specialty-list.subtitle')} />
      <div className="mb-6 flex max-w-md flex-col gap-1.5">
        <Label htmlFor="specialty-search">{t('specialty-list.searchLabel')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            id="specialty-search"
            type="search"
            className="ps-9"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('specialty-list.searchPlaceholder')}
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {t('specialty-list.shown', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title={t('specialty-list.empty')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((s) => (
            <li key={s.name}>
              <Card className="flex h-full flex-col gap-3 p-5" data-testid="specialty-card">
                <div className="flex items-start justify-between gap-3">
                  <div className="flex items-center gap-3">
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Stethoscope className="h-5 w-5" aria-hidden />
                    </span>
                    <h2 className="font-semibold text-ink">{s.shownName}</h2>
                  </div>
                  <Badge variant={POPULARITY_BADGE[s.popularity]}>{t(POPULARITY_KEY[s.popularity])}</Badge>
                </div>
                <p className="text-sm text-muted">{s.shownDescription}</p>
                <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
                  <div className="flex items-center gap-1.5">
                    <TrendingUp className="h-4 w-4 text-muted" aria-hidden />
                    <dt className="sr-only">{t('specialty-list.averageFee')}</dt>
                    <dd>
                      {rich('specialty-list.average', {
                        fee: (
                          <span className="font-semibold">{formats.money(dollarsToCents(s.avgConsultationFee))}</span>
                        ),
                      })}
                    </dd>
                  </div>
                  <div className="flex items-center gap-1.5">
                    <Clock className="h-4 w-4 text-muted" aria-hidden />
                    <dt className="sr-only">{t('specialty-list.waitTime')}</dt>
                    <dd>{wait(s.waitTime)}</dd>
                  </div>
                </dl>
                <Button
                  onClick={() => handleConnect(s)}
                  aria-label={t('specialty-list.connectIn', { specialty: s.shownName })}
                >
                  {t('specialty-list.connect')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
