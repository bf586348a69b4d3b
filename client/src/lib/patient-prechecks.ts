import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Precheck } from '@common/schemas/prechecks';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

const getPatientPrechecks = endpoint('GET', '/api/doctor/consultation-prechecks', () =>
  import('@common/schemas/prechecks').then((m) => m.precheckListSchema),
);

/** Often enough that a patient's check shows while the doctor looks at the day, cheap enough to leave running. */
const POLL_MS = 15_000;

/** The doctor's patients' latest pre-call checks by appointment id (schedule and book read the same list). */
export function usePatientPrechecks(enabled = true): Map<string, Precheck> {
  const { data } = useQuery({
    queryKey: queryKeys.consultations.patientPrechecks,
    queryFn: () => getPatientPrechecks.send(),
    enabled,
    refetchInterval: POLL_MS,
  });
  return useMemo(() => new Map((data ?? []).map((p): [string, Precheck] => [p.appointmentId, p])), [data]);
}
