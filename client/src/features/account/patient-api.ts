import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSettings,
  CreatePatientProfile,
  PatientProfile,
  PatientProfileFields,
  RecordAccess,
} from '@common/schemas/patient-profile';
import { apiGet, apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The patient's own profile; null until they have created one. */
export function useOwnPatientProfile(enabled = true) {
  return useQuery<PatientProfile | null>({
    queryKey: queryKeys.patientProfile.own,
    enabled,
    queryFn: () => apiGet<PatientProfile | null>('/api/patients/profile'),
  });
}

export function useCreatePatientProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePatientProfile) => apiRequest<PatientProfile>('POST', '/api/patients/profile', input),
    onSuccess: (profile) => client.setQueryData(queryKeys.patientProfile.own, profile),
  });
}

export function useUpdatePatientProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientProfileFields) => apiRequest<PatientProfile>('PUT', '/api/patients/profile', input),
    onSuccess: (profile) => client.setQueryData(queryKeys.patientProfile.own, profile),
  });
}

export function useRecordAccessLog() {
  return useQuery<RecordAccess[]>({ queryKey: queryKeys.patientProfile.accessLog });
}

export function useAccountSettings() {
  return useQuery<AccountSettings>({ queryKey: queryKeys.patientProfile.settings });
}

export function useSetMarketingOptOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketingEmailOptOut: boolean) =>
      apiRequest<AccountSettings>('PUT', '/api/patients/me/settings', { marketingEmailOptOut }),
    onSuccess: (settings) => client.setQueryData(queryKeys.patientProfile.settings, settings),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiRequest<void>('POST', '/api/patients/me/delete', { password }),
  });
}
