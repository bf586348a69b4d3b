import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Precheck } from '@common/schemas/prechecks';
import { queryKeys } from './query-keys';

/** Often enough that a patient's check shows while the doctor looks at the day, cheap enough to leave running. */
const POLL_MS = 15_000;

/** The doctor's patients' latest pre-call checks by appointment id (schedule and book read the same list). */
export function usePatientPrechecks(enabled = true): Map<string, Precheck> {
  const { data } = useQuery<Precheck[]>({
    queryKey: queryKeys.consultations.patientPrechecks,
    enabled,
    refetchInterval: POLL_MS,
  });
  return useMemo(() => new Map((Array.isArray(data) ? data : []).map((p) => [p.appointmentId, p])), [data]);
}
