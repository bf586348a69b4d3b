import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { AVAILABILITY_WINDOWS, MAX_FEE_OPTIONS, type AvailabilityWindow } from '@common/constants/doctor-search';
import { filterChoices, useDoctorFilterOptions } from '../../lib/doctor-filters';
import type { DoctorSearch } from '../../lib/doctor-search-query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input, Label, Select } from '../../ui/input';

const maxFeeValue = (fee: number) => `0-${fee}`;

/**
 * Pick lists apply at once; the two text boxes apply on Search (or Enter), so typing does not
 * fire a request per keystroke.
 */
export function SearchFilters({ search, onChange }: { search: DoctorSearch; onChange: (next: DoctorSearch) => void }) {
  const [q, setQ] = useState(search.q);
  const [location, setLocation] = useState(search.location);
  useEffect(() => {
    setQ(search.q);
    setLocation(search.location);
  }, [search.q, search.location]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...search, q, location });
  };
  const presetRange = MAX_FEE_OPTIONS.map(maxFeeValue).includes(search.priceRange);
  const options = useDoctorFilterOptions();

  return (
    <Card className="p-4 sm:p-5">
      <form
        role="search"
        aria-label="Find doctors"
        onSubmit={handleSubmit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <Label htmlFor="fd-q">Search</Label>
          <Input
            id="fd-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Specialty, city or country"
            maxLength={100}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fd-specialty">Specialty</Label>
          <Select
            id="fd-specialty"
            value={search.specialty}
            onChange={(e) => onChange({ ...search, q, location, specialty: e.target.value })}
          >
            <option value="">All Specialties</option>
            {filterChoices(options.data?.specialties, search.specialty).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fd-location">Location</Label>
          <Input
            id="fd-location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            placeholder="City"
            maxLength={100}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fd-country">Country</Label>
          <Select
            id="fd-country"
            value={search.country}
            onChange={(e) => onChange({ ...search, q, location, country: e.target.value })}
          >
            <option value="">All Countries</option>
            {filterChoices(options.data?.countries, search.country).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fd-fee">Max fee</Label>
          <Select
            id="fd-fee"
            value={search.priceRange}
            onChange={(e) => onChange({ ...search, q, location, priceRange: e.target.value })}
          >
            <option value="">Any fee</option>
            {!presetRange && search.priceRange && (
              <option value={search.priceRange}>${search.priceRange.replace('-9999', '+')}</option>
            )}
            {MAX_FEE_OPTIONS.map((fee) => (
              <option key={fee} value={maxFeeValue(fee)}>
                Up to ${fee}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="fd-available">Availability</Label>
          <Select
            id="fd-available"
            value={search.available}
            onChange={(e) => onChange({ ...search, q, location, available: e.target.value as AvailabilityWindow | '' })}
          >
            <option value="">Any time</option>
            {AVAILABILITY_WINDOWS.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex gap-2 sm:items-end lg:col-span-5 lg:justify-end">
          <Button type="submit" className="w-full sm:w-auto">
            <Search className="h-4 w-4" aria-hidden /> Search
          </Button>
        </div>
      </form>
    </Card>
  );
}
