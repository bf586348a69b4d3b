import { Clock, Search, SearchX, Stethoscope, TrendingUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SPECIALTY_CATALOG, type Specialty, type SpecialtyPopularity } from '@common/constants/specialties';
import { useCurrentUser } from '../../lib/current-user';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input, Label } from '../../ui/input';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { toast } from '../../ui/toast-store';

/** Signed-out visitors see the toast, then go to sign-in after 1.5 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;

const POPULARITY_BADGE: Record<SpecialtyPopularity, BadgeVariant> = {
  'Very High': 'default',
  High: 'success',
  Medium: 'secondary',
  Low: 'outline',
};

/** The specialties search matches name or description, case-insensitively. */
export function filterSpecialties(list: readonly Specialty[], text: string): Specialty[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...list];
  return list.filter((s) => s.name.toLowerCase().includes(needle) || s.description.toLowerCase().includes(needle));
}

export function SpecialtiesPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const shown = useMemo(() => filterSpecialties(SPECIALTY_CATALOG, text), [text]);

  const handleConnect = (specialty: Specialty) => {
    if (!user) {
      toast({
        title: 'Login Required',
        description: 'Please login to connect with medical experts.',
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
      <PageHeader title="Medical Specialties" subtitle="Find the right kind of expert and connect in minutes." />
      <div className="mb-6 flex max-w-md flex-col gap-1.5">
        <Label htmlFor="specialty-search">Search specialties</Label>
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
            placeholder="Search by name or description"
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {shown.length} specialties shown
      </p>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX className="h-10 w-10" aria-hidden />} title="No specialties match your search" />
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
                    <h2 className="font-semibold text-ink">{s.name}</h2>
                  </div>
                  <Badge variant={POPULARITY_BADGE[s.popularity]}>{s.popularity}</Badge>
                </div>
                <p className="text-sm text-muted">{s.description}</p>
                <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
                  <div className="flex items-center gap-1.5">
                    <TrendingUp className="h-4 w-4 text-muted" aria-hidden />
                    <dt className="sr-only">Average fee</dt>
                    <dd>
                      <span className="font-semibold">${s.avgConsultationFee}</span> avg.
                    </dd>
                  </div>
                  <div className="flex items-center gap-1.5">
                    <Clock className="h-4 w-4 text-muted" aria-hidden />
                    <dt className="sr-only">Wait time</dt>
                    <dd>{s.waitTime}</dd>
                  </div>
                </dl>
                <Button onClick={() => handleConnect(s)} aria-label={`Connect with Expert in ${s.name}`}>
                  Connect with Expert
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
