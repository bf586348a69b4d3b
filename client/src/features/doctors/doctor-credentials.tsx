import type { ReactNode } from 'react';
import type { PublicDoctor } from '@common/schemas/doctors';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { Badge } from '../../ui/badge';

const useT = textsFor('doctor-page');

/** The profile's education and credentials: the filled-in fields, then the non-empty lists. */
export function DoctorCredentials({ doctor }: { doctor: PublicDoctor }) {
  const t = useT();
  const rows = (
    [
      ['doctor-page.credentials.education', doctor.education],
      ['doctor-page.credentials.medicalSchool', doctor.medicalSchool],
      ['doctor-page.credentials.residency', doctor.residency],
      ['doctor-page.credentials.license', doctor.licenseNumber],
    ] satisfies [ClientMessageKey, ReactNode][]
  )
    .filter((row) => Boolean(row[1]))
    .map(([key, value]): [string, ReactNode] => [t(key), value]);
  const lists = (
    [
      ['doctor-page.credentials.certifications', doctor.certifications],
      ['doctor-page.credentials.fellowships', doctor.fellowships],
    ] satisfies [ClientMessageKey, string[]][]
  ).map(([key, items]): [string, string[]] => [t(key), items]);
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
          <dd dir="auto">{value}</dd>
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
