import { queryOptions, useQuery } from '@tanstack/react-query';
import { emergencyNumbersFor, type EmergencyNumbers } from '@common/emergency/numbers';
import { ownDoctorProfileSchema } from '@common/schemas/doctor-profile';
import { patientProfileSchema } from '@common/schemas/patient-profile';
import { useCurrentUser } from '../../lib/current-user';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

// The same requests and keys as the account and profile screens: whichever loads first fills the cache.
const getPatientProfile = endpoint('GET', '/api/patients/profile', patientProfileSchema.nullable());
const getDoctorProfile = endpoint('GET', '/api/profile/doctor', ownDoctorProfileSchema);

const patientProfileQuery = queryOptions({
  queryKey: queryKeys.patientProfile.own,
  queryFn: () => getPatientProfile.send(),
});
const doctorProfileQuery = queryOptions({
  queryKey: queryKeys.doctorWork.ownProfile,
  queryFn: () => getDoctorProfile.send(),
});

/** The first region the browser's languages name ("es-ES" → ES); a bare "es" or "es-419" names no country. */
export function browserRegion(languages: readonly string[] = browserLanguages()): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed tag names no region; try the next.
    }
  }
  return null;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The emergency numbers of where the person is: their profile's country when signed in with one,
 * else the browser's region. A profile country the table does not know gives none (the generic
 * advice), not the browser's guess: the profile is what the person told us.
 */
export function useEmergencyNumbers(): EmergencyNumbers | undefined {
  const { user } = useCurrentUser();
  const patient = useQuery({ ...patientProfileQuery, enabled: user?.userType === 'patient' });
  const doctor = useQuery({ ...doctorProfileQuery, enabled: user?.userType === 'doctor' });
  const profileCountry =
    user?.userType === 'patient'
      ? patient.data?.country
      : user?.userType === 'doctor'
        ? doctor.data?.country
        : undefined;
  if (profileCountry?.trim()) return emergencyNumbersFor(profileCountry);
  return emergencyNumbersFor(browserRegion());
}
