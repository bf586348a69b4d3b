import { useQuery } from '@tanstack/react-query';
import type { DoctorReview } from '@common/schemas/doctors';
import { queryKeys } from '../../lib/query-keys';

export function useDoctorReviews(id: string) {
  return useQuery<DoctorReview[]>({ queryKey: queryKeys.doctors.reviews(id) });
}
