import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoctorProfileRequest, MyDoctorProfile, PhotoUpload } from '@common/schemas/doctor-profile';
import type { Schedule, ScheduleRequest } from '@common/schemas/schedule';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useOwnDoctorProfile() {
  return useQuery<MyDoctorProfile | null>({ queryKey: queryKeys.doctorWork.ownProfile });
}

/** Every write answers the saved profile; it replaces the cache, and the dashboard refetches. */
function useProfileWrite<I>(send: (input: I) => Promise<MyDoctorProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      client.setQueryData(queryKeys.doctorWork.ownProfile, profile);
      void client.invalidateQueries({ queryKey: queryKeys.doctorWork.dashboardStats });
    },
  });
}

export const useSaveProfile = () =>
  useProfileWrite((input: DoctorProfileRequest) => apiRequest<MyDoctorProfile>('PUT', '/api/doctors/profile', input));

export const usePublishProfile = () =>
  useProfileWrite(() => apiRequest<MyDoctorProfile>('POST', '/api/doctors/profile/publish'));

export const useUploadPhoto = () =>
  useProfileWrite((input: PhotoUpload) => apiRequest<MyDoctorProfile>('POST', '/api/doctors/profile/photo', input));

export function useOwnSchedule() {
  return useQuery<Schedule>({ queryKey: queryKeys.doctorWork.schedule });
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleRequest) => apiRequest<Schedule>('PUT', '/api/doctors/profile/schedule', input),
    onSuccess: (schedule) => {
      client.setQueryData(queryKeys.doctorWork.schedule, schedule);
      // Hours change what patients are offered and what the book flags.
      void client.invalidateQueries({ queryKey: queryKeys.doctors.all });
      void client.invalidateQueries({ queryKey: queryKeys.doctorBook.all });
    },
  });
}
