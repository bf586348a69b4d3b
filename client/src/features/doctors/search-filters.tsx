import { Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { AVAILABILITY_WINDOWS, MAX_FEE_OPTIONS, type AvailabilityWindow } from '@common/constants/doctor-search';
import type { ClientMessageKey } from '@common/i18n/keys';
import { filterChoices, useDoctorFilterOptions } from '../../lib/doctor-filters';
import { useFormats } from '../../lib/i18n/use-formats';
import { useT, type Translate } from '../../lib/i18n/use-t';
import type { DoctorSearch } from '../../lib/doctor-search-query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input, Label, Select } from '../../ui/input';

const maxFeeValue = (fee: number) => `0-${fee}`;
const WINDOW_LABELS: Record<AvailabilityWindow, ClientMessageKey> = {
  today: 'doctors.filters.today',
  '3days': 'doctors.filters.threeDays',
  week: 'doctors.filters.week',
};

/** A range from a link ("50-100" → "$50-100", "500-9999" → "$500+"), as the home page names its ranges. */
function customRangeLabel(range: string, t: Translate): string {
  const [min, max] = range.split('-').map(Number);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return range;
  return max >= 9999 ? t('landing.search.from', { min }) : t('landing.search.between', { min, max });
}

/** The filters beside the search box that narrow a search now (the sort is not a filter). */
const activeFilters = (search: DoctorSearch) =>
  [search.specialty, search.location, search.country, search.priceRange, search.available, search.language].filter(
    Boolean,
  ).length;

/**
 * Pick lists apply at once; the two text boxes apply on Search (or Enter), so typing does not
 * fire a request per keystroke. On a phone only the search box shows: the other six fields fold
 * behind one "Filters" button with the result count beside it, so the first doctor is on the
 * first screen, and a search folds them again so its results are what the person sees.
 */
export function SearchFilters({
  search,
  onChange,
  resultSummary,
}: {
  search: DoctorSearch;
  /** The fields a change sets; the page merges them into the search as the URL holds it now. */
  onChange: (change: Partial<DoctorSearch>) => void;
  /** What the search found, beside the Filters button: given on a phone only, where the fields fold. */
  resultSummary?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const [q, setQ] = useState(search.q);
  const [location, setLocation] = useState(search.location);
  useEffect(() => {
    setQ(search.q);
    setLocation(search.location);
  }, [search.q, search.location]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    onChange({ q, location });
  };
  const active = activeFilters(search);
  const presetRange = MAX_FEE_OPTIONS.map(maxFeeValue).includes(search.priceRange);
  const options = useDoctorFilterOptions();
  const t = useT();
  const format = useFormats();

  // The three lists the directory offers, each value with its count, named in the viewer's language.
  const PICK_LISTS = {
    specialty: { options: options.data?.specialties, display: format.specialty },
    country: { options: options.data?.countries, display: format.country },
    language: { options: options.data?.languages, display: format.spokenLanguage },
  };
  // Called, not rendered as a component: a component made here would be a new type each render and
  // remount its select, losing the keyboard's place.
  const pickList = (kind: keyof typeof PICK_LISTS, label: string, any: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`fd-${kind}`}>{label}</Label>
      <Select
        id={`fd-${kind}`}
        value={search[kind]}
        onChange={(e) => onChange({ q, location, [kind]: e.target.value })}
      >
        <option value="">{any}</option>
        {filterChoices(PICK_LISTS[kind].options, search[kind], t, PICK_LISTS[kind].display).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <Card className="p-4 sm:p-5">
      <form
        role="search"
        aria-label={t('doctors.filters.label')}
        onSubmit={handleSubmit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <Label htmlFor="fd-q">{t('doctors.filters.search')}</Label>
          <Input
            id="fd-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('doctors.filters.searchPlaceholder')}
            maxLength={100}
          />
        </div>
        {resultSummary !== undefined && (
          <div className="order-1 flex items-center gap-3 sm:hidden">
            <Button
              type="button"
              variant="outline"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((was) => !was)}
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden />
              {active ? t('doctors.filters.toggleActive', { count: active }) : t('doctors.filters.toggle')}
            </Button>
            <p className="text-sm text-muted" aria-live="polite">
              {resultSummary}
            </p>
          </div>
        )}
        {/* `contents` on wider screens: the fields take their places in the form's grid. */}
        <div
          id={panelId}
          className={`${open || resultSummary === undefined ? 'grid' : 'hidden'} order-2 gap-3 sm:contents`}
        >
          {pickList('specialty', t('doctors.filters.specialty'), t('doctors.filters.allSpecialties'))}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="fd-location">{t('doctors.filters.location')}</Label>
            <Input
              id="fd-location"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              placeholder={t('doctors.filters.city')}
              maxLength={100}
            />
          </div>
          {pickList('country', t('doctors.filters.country'), t('doctors.filters.allCountries'))}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="fd-fee">{t('doctors.filters.maxFee')}</Label>
            <Select
              id="fd-fee"
              value={search.priceRange}
              onChange={(e) => onChange({ q, location, priceRange: e.target.value })}
            >
              <option value="">{t('doctors.filters.anyFee')}</option>
              {!presetRange && search.priceRange && (
                <option value={search.priceRange}>{customRangeLabel(search.priceRange, t)}</option>
              )}
              {MAX_FEE_OPTIONS.map((fee) => (
                <option key={fee} value={maxFeeValue(fee)}>
                  {t('doctors.filters.upTo', { fee })}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="fd-available">{t('doctors.filters.availability')}</Label>
            <Select
              id="fd-available"
              value={search.available}
              onChange={(e) => onChange({ q, location, available: e.target.value as AvailabilityWindow | '' })}
            >
              <option value="">{t('doctors.filters.anyTime')}</option>
              {AVAILABILITY_WINDOWS.map((w) => (
                <option key={w.value} value={w.value}>
                  {t(WINDOW_LABELS[w.value])}
                </option>
              ))}
            </Select>
          </div>
          {pickList('language', t('doctors.filters.language'), t('doctors.filters.anyLanguage'))}
        </div>
        <div className="flex gap-2 sm:col-span-2 sm:items-end lg:col-span-4 lg:justify-end">
          <Button type="submit" className="w-full sm:w-auto">
            <Search className="h-4 w-4" aria-hidden /> {t('doctors.filters.search')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
