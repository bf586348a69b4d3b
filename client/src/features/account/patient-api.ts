import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSettingsSchema,
  patientProfileSchema,
  recordAccessListSchema,
  type CreatePatientProfile,
  type PatientProfileFields,
} from '@common/schemas/patient-profile';
import { endpoint, noContentEndpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getOwnProfile = endpoint('GET', '/api/patients/profile', patientProfileSchema.nullable());
const createProfile = endpoint('POST', '/api/patients/profile', patientProfileSchema);
const updateProfile = endpoint('PUT', '/api/patients/profile', patientProfileSchema);
const getAccessLog = endpoint('GET', '/api/patients/profile/access-log', recordAccessListSchema);
const getSettings = endpoint('GET', '/api/patients/me/settings', accountSettingsSchema);
const putSettings = endpoint('PUT', '/api/patients/me/settings', accountSettingsSchema);
const deleteAccount = noContentEndpoint('POST', '/api/patients/me/delete');

/** The patient's own profile; null until they have created one. */
export const ownPatientProfileQuery = queryOptions({
  queryKey: queryKeys.patientProfile.own,
  queryFn: () => getOwnProfile.send(),
});
export const recordAccessLogQuery = queryOptions({
  queryKey: queryKeys.patientProfile.accessLog,
  queryFn: () => getAccessLog.send(),
});
export const accountSettingsQuery = queryOptions({
  queryKey: queryKeys.patientProfile.settings,
  queryFn: () => getSettings.send(),
});

export function useOwnPatientProfile(enabled = true) {
  return useQuery({ ...ownPatientProfileQuery, enabled });
}

export function useCreatePatientProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePatientProfile) => createProfile.send({ body: input }),
    onSuccess: (profile) => client.setQueryData(ownPatientProfileQuery.queryKey, profile),
  });
}

export function useUpdatePatientProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PatientProfileFields) => updateProfile.send({ body: input }),
    onSuccess: (profile) => client.setQueryData(ownPatientProfileQuery.queryKey, profile),
  });
}

export function useRecordAccessLog() {
  return useQuery(recordAccessLogQuery);
}

export function useAccountSettings() {
  return useQuery(accountSettingsQuery);
}

export function useSetMarketingOptOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketingEmailOptOut: boolean) => putSettings.send({ body: { marketingEmailOptOut } }),
    onSuccess: (settings) => client.setQueryData(accountSettingsQuery.queryKey, settings),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => deleteAccount.send({ body: { password } }),
  });
}
