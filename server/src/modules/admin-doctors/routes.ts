import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDoctorParamsSchema,
  adminStatusRequestSchema,
  adminVerifyRequestSchema,
  doctorProfileSchema,
} from '@common/schemas/doctor-profile';
import type { AppDeps } from '../../app';
import { setDoctorActive, setDoctorVerified } from './service';

export async function adminDoctorRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/admin/doctors/:doctorId/verify',
    {
      config: { access: 'admin' },
      schema: {
        params: adminDoctorParamsSchema,
        body: adminVerifyRequestSchema,
        response: { 200: doctorProfileSchema },
      },
    },
    async (request) => setDoctorVerified(database.db, request.params.doctorId, request.body.isVerified),
  );

  r.put(
    '/api/admin/doctors/:doctorId/status',
    {
      config: { access: 'admin' },
      schema: {
        params: adminDoctorParamsSchema,
        body: adminStatusRequestSchema,
        response: { 200: doctorProfileSchema },
      },
    },
    async (request) => setDoctorActive(database.db, request.params.doctorId, request.body.isActive),
  );
}
