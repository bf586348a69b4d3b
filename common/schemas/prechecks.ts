import { z } from 'zod';
import { CONSULTATION_ROLES } from '../constants/consultation-types';
import { DEVICE_CHECK_RESULTS, NETWORK_CHECK_RESULTS } from '../constants/prechecks';

const device = (what: string) =>
  z.enum(DEVICE_CHECK_RESULTS, { error: `${what} must be one of ${DEVICE_CHECK_RESULTS.join(', ')}` });

/** POST /api/consultations/:id/precheck: one participant's result, replacing their earlier one. */
export const precheckInputSchema = z.strictObject({
  camera: device('camera'),
  microphone: device('microphone'),
  network: z.enum(NETWORK_CHECK_RESULTS, { error: `network must be one of ${NETWORK_CHECK_RESULTS.join(', ')}` }),
});
export type PrecheckInput = z.infer<typeof precheckInputSchema>;

export const precheckSchema = precheckInputSchema.extend({
  appointmentId: z.uuid(),
  role: z.enum(CONSULTATION_ROLES),
  checkedAt: z.string(),
});
export type Precheck = z.infer<typeof precheckSchema>;
export const precheckListSchema = z.array(precheckSchema);
