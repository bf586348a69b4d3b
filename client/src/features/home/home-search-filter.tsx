import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PRICE_RANGES } from '@common/constants/doctor-search';
import { filterChoices, useDoctorFilterOptions } from '../../lib/doctor-filters';
import { useFormats } from '../../lib/i18n/use-formats';
import { useT, type Translate } from '../../lib/i18n/use-t';
import { Button } from '../../ui/button';
import { Input, Label, Select } from '../../ui/input';

/** "$50-100", "$500+" (the top of the last range, 9999, is no real limit); in Spanish "50-100 US$". */
function priceRangeLabel(value: string, t: Translate): string {
  const [min, max] = value.split('-').map(Number);
  return max >= 9999 ? t('landing.search.from', { min }) : t('landing.search.between', { min, max });
}

/** Specialty, place and price range; the search opens /find-doctors with them. */
export function HomeSearchFilter() {
  const navigate = useNavigate();
  const [specialty, setSpecialty] = useState('');
  const [location, setLocation] = useState('');
  const [priceRange, setPriceRange] = useState('');
  const options = useDoctorFilterOptions();
  const t = useT();
  const format = useFormats();
  const choices = filterChoices(options.data?.specialties, specialty, t, format.specialty);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (specialty) params.set('specialty', specialty);
    if (location.trim()) params.set('location', location.trim());
    if (priceRange) params.set('priceRange', priceRange);
    navigate(`/find-doctors${params.size ? `?${params}` : ''}`);
  };

  return (
    <form
      role="search"
      aria-label={t('landing.search.label')}
      onSubmit={handleSubmit}
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 shadow-lg sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="home-specialty">{t('landing.search.specialty')}</Label>
        <Select id="home-specialty" value={specialty} onChange={(e) => setSpecialty(e.target.value)}>
          <option value="">{t('landing.search.allSpecialties')}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="home-location">{t('landing.search.location')}</Label>
        <Input
          id="home-location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          placeholder={t('landing.search.city')}
          maxLength={100}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="home-price">{t('landing.search.priceRange')}</Label>
        <Select id="home-price" value={priceRange} onChange={(e) => setPriceRange(e.target.value)}>
          <option value="">{t('landing.search.anyPrice')}</option>
          {HOME_PRICE_RANGES.map((r) => (
            <option key={r.value} value={r.value}>
              {priceRangeLabel(r.value, t)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" size="lg" className="h-10">
        <Search className="h-4 w-4" aria-hidden /> {t('landing.search.submit')}
      </Button>
    </form>
  );
}
