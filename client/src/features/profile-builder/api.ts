import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myDoctorProfileSchema,
  ownDoctorProfileSchema,
  type DoctorProfileRequest,
  type MyDoctorProfile,
  type PhotoUpload,
} from '@common/schemas/doctor-profile';
import { scheduleReplySchema, type ScheduleRequest } from '@common/schemas/schedule';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const getOwnProfile = endpoint('GET', '/api/profile/doctor', ownDoctorProfileSchema);
const saveProfile = endpoint('PUT', '/api/doctors/profile', myDoctorProfileSchema);
const publishProfile = endpoint('POST', '/api/doctors/profile/publish', myDoctorProfileSchema);
const uploadPhoto = endpoint('POST', '/api/doctors/profile/photo', myDoctorProfileSchema);
const getSchedule = endpoint('GET', '/api/doctors/profile/schedule', scheduleReplySchema);
const saveSchedule = endpoint('PUT', '/api/doctors/profile/schedule', scheduleReplySchema);

/** The doctor's own profile; null until they have started one. */
export const ownDoctorProfileQuery = queryOptions({
  queryKey: queryKeys.doctorWork.ownProfile,
  queryFn: () => getOwnProfile.send(),
});
export const ownScheduleQuery = queryOptions({
  queryKey: queryKeys.doctorWork.schedule,
  queryFn: () => getSchedule.send(),
});

export function useOwnDoctorProfile() {
  return useQuery(ownDoctorProfileQuery);
}

/** Every write answers the saved profile; it replaces the cache, and the dashboard refetches. */
function useProfileWrite<I>(send: (input: I) => Promise<MyDoctorProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      client.setQueryData(ownDoctorProfileQuery.queryKey, profile);
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.dashboardStats });
    },
  });
}

export const useSaveProfile = () => useProfileWrite((input: DoctorProfileRequest) => saveProfile.send({ body: input }));

export const usePublishProfile = () => useProfileWrite(() => publishProfile.send());

export const useUploadPhoto = () => useProfileWrite((input: PhotoUpload) => uploadPhoto.send({ body: input }));

export function useOwnSchedule() {
  return useQuery(ownScheduleQuery);
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleRequest) => saveSchedule.send({ body: input }),
    onSuccess: (schedule) => {
      client.setQueryData(ownScheduleQuery.queryKey, schedule);
      // Hours change what patients are offered and what the book flags.
      void client.invalidateQueries({ queryKey: queryKeys.doctors.all });
      void client.invalidateQueries({ queryKey: queryKeys.doctorBook.all });
    },
  });
}
