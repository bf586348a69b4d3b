import type { ReactNode } from 'react';
import type { PublicDoctor } from '@common/schemas/doctors';
import { Badge } from '../../ui/badge';

/** The profile's education and credentials: the filled-in fields, then the non-empty lists. */
export function DoctorCredentials({ doctor }: { doctor: PublicDoctor }) {
  const rows: [string, ReactNode][] = [
    ['Education', doctor.education],
    ['Medical school', doctor.medicalSchool],
    ['Residency', doctor.residency],
    ['License', doctor.licenseNumber],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  const lists: [string, string[]][] = [
    ['Board certifications', doctor.certifications],
    ['Fellowships', doctor.fellowships],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {lists
        .filter(([, items]) => items.length > 0)
        .map(([label, items]) => (
          <div key={label} className="sm:col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
            <dd className="mt-1 flex flex-wrap gap-1.5">
              {items.map((item) => (
                <Badge key={item} variant="secondary">
                  {item}
                </Badge>
              ))}
            </dd>
          </div>
        ))}
    </dl>
  );
}
