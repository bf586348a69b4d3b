import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PRICE_RANGES } from '@common/constants/doctor-search';
import { filterChoices, useDoctorFilterOptions } from '../../lib/doctor-filters';
import { Button } from '../../ui/button';
import { Input, Label, Select } from '../../ui/input';

/** Specialty, place and price range; the search opens /find-doctors with them. */
export function HomeSearchFilter() {
  const navigate = useNavigate();
  const [specialty, setSpecialty] = useState('');
  const [location, setLocation] = useState('');
  const [priceRange, setPriceRange] = useState('');
  const options = useDoctorFilterOptions();

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
      aria-label="Search doctors"
      onSubmit={handleSubmit}
      className="grid gap-3 rounded-2xl border border-line bg-white p-4 shadow-lg sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="home-specialty">Specialty</Label>
        <Select id="home-specialty" value={specialty} onChange={(e) => setSpecialty(e.target.value)}>
          <option value="">All Specialties</option>
          {filterChoices(options.data?.specialties, specialty).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="home-location">Location</Label>
        <Input
          id="home-location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          placeholder="City"
          maxLength={100}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="home-price">Price range</Label>
        <Select id="home-price" value={priceRange} onChange={(e) => setPriceRange(e.target.value)}>
          <option value="">Any price</option>
          {HOME_PRICE_RANGES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" size="lg" className="h-10">
        <Search className="h-4 w-4" aria-hidden /> Search Doctors
      </Button>
    </form>
  );
}
