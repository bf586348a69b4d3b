import { ShieldCheck } from 'lucide-react';
import { zoneName } from '@common/rules/display-time';
import { formatMoney } from '@common/rules/fees';
import { dollarsToCents, DOLLARS_PATTERN } from '@common/rules/money';
import { CompletenessBar } from './completeness-bar';
import type { Draft } from './draft';

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
  const fee = DOLLARS_PATTERN.test(draft.consultationFee.trim())
    ? formatMoney(dollarsToCents(draft.consultationFee))
    : 'Not set';
  const place = [draft.location.trim(), draft.country.trim()].filter(Boolean).join(', ');
  const certs = draft.certifications.length;
  return (
    <div className="flex flex-col gap-5">
      <dl className="rounded-lg border border-line px-4">
        <Row label="Specialty" value={orElse(draft.specialty, 'Not specified')} />
        <Row label="Location" value={orElse(place, 'Not specified')} />
        <Row label="Experience" value={draft.experience.trim() ? `${draft.experience} years` : 'Not specified'} />
        <Row label="Languages" value={draft.languages.length ? draft.languages.join(', ') : 'None specified'} />
        <Row label="Medical school" value={orElse(draft.medicalSchool, 'Not specified')} />
        <Row label="License number" value={orElse(draft.licenseNumber, 'Not specified')} />
        <Row label="Board certifications" value={`${certs} certification${certs === 1 ? '' : 's'}`} />
        <Row label="Video consultation fee" value={fee} />
        <Row label="Time zone" value={zoneName(draft.timeZone)} />
      </dl>
      <div className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <ShieldCheck className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <p>
          Our medical team reviews every profile before it goes live, typically within 1-2 business days. Once your
          profile is verified you can accept consultations.
        </p>
      </div>
      <CompletenessBar value={completeness} />
    </div>
  );
}
