import { useMutation } from '@tanstack/react-query';
import type { DoctorApplicationReply, DoctorApplicationRequest } from '@common/schemas/doctor-applications';
import { apiRequest } from '../../lib/api';

export function useSubmitApplication() {
  return useMutation({
    mutationFn: (input: DoctorApplicationRequest) =>
      apiRequest<DoctorApplicationReply>('POST', '/api/doctor-applications', input),
  });
}
