import type { FastifyInstance } from 'fastify';
import {
  adminDoctorParamsSchema,
  adminStatusRequestSchema,
  adminVerifyRequestSchema,
  doctorProfileSchema,
} from '@common/schemas/doctor-profile';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { auditActor } from '../audit/record';
import { decideCredentialChange, setDoctorActive, setDoctorVerified } from '../doctor-verification/commands';

export async function adminDoctorRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Doctor verification');

  r.put(
    '/api/admin/doctors/:doctorId/verify',
    {
      access: 'admin',
      summary: 'Verify a doctor, or return a verified doctor to pending verification',
      schema: {
        params: adminDoctorParamsSchema,
        body: adminVerifyRequestSchema,
        response: { 200: doctorProfileSchema },
      },
    },
    async ({ request, user }) =>
      setDoctorVerified(db, request.params.doctorId, request.body.isVerified, auditActor(request, user), clock.now()),
  );

  r.put(
    '/api/admin/doctors/:doctorId/status',
    {
      access: 'admin',
      summary: 'List or unlist a doctor (active or inactive)',
      schema: {
        params: adminDoctorParamsSchema,
        body: adminStatusRequestSchema,
        response: { 200: doctorProfileSchema },
      },
    },
    async ({ request, user }) =>
      setDoctorActive(db, request.params.doctorId, request.body.isActive, auditActor(request, user), clock.now()),
  );

  for (const [decision, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    r.post(
      `/api/admin/doctors/:doctorId/credentials/${decision}`,
      {
        access: 'admin',
        summary: approve
          ? "Approve a verified doctor's changed credentials: the profile patients see takes them"
          : "Reject a verified doctor's changed credentials: the verified ones stay",
        schema: { params: adminDoctorParamsSchema, response: { 200: doctorProfileSchema } },
      },
      async ({ request, user }) =>
        decideCredentialChange(db, request.params.doctorId, approve, auditActor(request, user), clock.now()),
    );
  }
}
