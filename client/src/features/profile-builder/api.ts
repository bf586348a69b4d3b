import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoctorProfile, DoctorProfileRequest, PhotoUpload } from '@common/schemas/doctor-profile';
import { apiRequest } from '../../lib/api';

export const OWN_PROFILE_KEY = ['/api/profile/doctor'];

export function useOwnDoctorProfile() {
  return useQuery<DoctorProfile | null>({ queryKey: OWN_PROFILE_KEY });
}

/** Every write answers the saved profile; it replaces the cache, and the dashboard refetches. */
function useProfileWrite<I>(send: (input: I) => Promise<DoctorProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      client.setQueryData(OWN_PROFILE_KEY, profile);
      void client.invalidateQueries({ queryKey: ['/api/dashboard/stats'] });
    },
  });
}

export const useSaveProfile = () =>
  useProfileWrite((input: DoctorProfileRequest) => apiRequest<DoctorProfile>('PUT', '/api/doctors/profile', input));

export const usePublishProfile = () =>
  useProfileWrite(() => apiRequest<DoctorProfile>('POST', '/api/doctors/profile/publish'));

export const useUploadPhoto = () =>
  useProfileWrite((input: PhotoUpload) => apiRequest<DoctorProfile>('POST', '/api/doctors/profile/photo', input));
