import { useMutation } from '@tanstack/react-query';
import { doctorApplicationReplySchema, type DoctorApplicationRequest } from '@common/schemas/doctor-applications';
import { endpoint } from '../../lib/endpoint';

const submitApplication = endpoint('POST', '/api/doctor-applications', doctorApplicationReplySchema);

export function useSubmitApplication() {
  return useMutation({
    mutationFn: (input: DoctorApplicationRequest) => submitApplication.send({ body: input }),
  });
}
