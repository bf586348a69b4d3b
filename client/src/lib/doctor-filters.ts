import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { DoctorFilterOptions, FilterOption } from '@common/schemas/doctors';
import { endpoint } from './endpoint';
import type { Translate } from './i18n/use-t';
import { queryKeys } from './query-keys';

const getDoctorFilters = endpoint('GET', '/api/doctors/filters', () =>
  import('@common/schemas/doctors').then((m) => m.doctorFiltersSchema),
);

export const doctorFiltersQuery = queryOptions({
  queryKey: queryKeys.doctors.filters,
  queryFn: () => getDoctorFilters.send(),
  staleTime: 60_000,
});

/**
 * Every specialty and country listed doctors have, with counts, read from the directory itself:
 * the home page's and find-doctors' pick lists offer what can be found, and nothing that cannot.
 */
export function useDoctorFilterOptions() {
  const query = useQuery(doctorFiltersQuery);
  // The lists are drawn from a deferred copy, in slices (see FindDoctorsPage): some 130 options,
  // each named and sorted in the reader's language, are no render to do at a reply's urgency.
  return { ...query, data: useDeferredValue(query.data) };
}

/** What the marketing pages claim ("200+ doctors in 50+ countries"), counted from the directory. */
export type DirectoryClaims = { doctors: number; countries: number };

/**
 * A round figure below `count`: the texts say "200+" in English but "más de 200" and "أكثر من 200"
 * (more than), which must be true of 220 and of 200 alike. 220 → 200, 60 → 50, 7 → 6.
 */
export function roundBelow(count: number): number {
  if (count <= 1) return 0;
  const step = 10 ** Math.floor(Math.log10(count - 1));
  return Math.floor((count - 1) / step) * step;
}

/** Every listed doctor is in one country: the countries' counts add up to the listed doctors. */
export const directoryClaims = (filters: DoctorFilterOptions): DirectoryClaims => ({
  doctors: roundBelow(filters.countries.reduce((sum, country) => sum + country.count, 0)),
  countries: roundBelow(filters.countries.length),
});

/** The directory's figures, from the filters' counts (one request, shared with the pick lists); undefined while they load. */
export function useDirectoryClaims(): DirectoryClaims | undefined {
  return useQuery({ ...doctorFiltersQuery, select: directoryClaims }).data;
}

/**
 * The options of a pick list: each value with its count, plus the value chosen now (from a link
 * or an earlier visit) when no listed doctor has it any more, so the list never hides the choice.
 */
export function filterChoices(
  options: FilterOption[] | undefined,
  selected: string,
  t?: Translate,
  display: (value: string) => string = (value) => value,
) {
  const label = (value: string, count: number) =>
    t ? t('doctors.filters.choice', { name: display(value), count }) : `${value} (${count})`;
  // The directory sorts by the English names; a list shown in another language is sorted by what it shows.
  const collator = new Intl.Collator(
    typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined,
  );
  const choices = (options ?? [])
    .map((o) => ({ value: o.value, label: label(o.value, o.count), shown: display(o.value) }))
    .sort((a, b) => collator.compare(a.shown, b.shown))
    .map(({ value, label }) => ({ value, label }));
  if (selected && !choices.some((c) => c.value === selected)) {
    // While the counts load, the chosen value shows without one rather than a wrong 0.
    choices.unshift({ value: selected, label: options ? label(selected, 0) : display(selected) });
  }
  return choices;
}
