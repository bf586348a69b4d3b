// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRIES } from '@common/constants/countries';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import { showIn } from '../../test-support/language';
import { BasicStep } from './basic-step';
import { draftFrom } from './draft';

afterEach(() => {
  cleanup();
  showIn('en');
});

const optionsOf = (label: RegExp) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .slice(1)
    .map((o) => (o as HTMLOptionElement).value);

describe('the builder’s basic step', () => {
  it('offers every country and specialty of the catalogue, in the reader’s language and its order', () => {
    showIn('es');
    render(<BasicStep draft={draftFrom(null)} set={() => {}} errors={{}} />);
    const countries = within(screen.getByLabelText(/País/)).getAllByRole('option').slice(1);
    expect(countries.map((o) => (o as HTMLOptionElement).value).sort()).toEqual([...COUNTRIES].sort());
    // Shown and sorted in Spanish: Germany reads "Alemania" and comes before Argentina.
    const shown = countries.map((o) => o.textContent);
    expect(shown.indexOf('Alemania')).toBeLessThan(shown.indexOf('Argentina'));
    expect(optionsOf(/Especialidad/).sort()).toEqual([...PROFILE_SPECIALTIES].sort());
  });

  it('keeps a stored country that is not in the catalogue selectable, first', () => {
    render(<BasicStep draft={{ ...draftFrom(null), country: 'Atlantis' }} set={() => {}} errors={{}} />);
    expect(optionsOf(/Country/)[0]).toBe('Atlantis');
    expect(optionsOf(/Country/)).toHaveLength(COUNTRIES.length + 1);
  });
});
