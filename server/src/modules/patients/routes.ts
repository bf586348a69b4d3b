import type { FastifyInstance } from 'fastify';
import {
  accountSettingsSchema,
  createPatientProfileSchema,
  deleteAccountBodySchema,
  patientIdParamsSchema,
  patientProfileSchema,
  recordAccessListSchema,
  updatePatientProfileSchema,
} from '@common/schemas/patient-profile';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { localizedError } from '../../core/errors';
import { clearSessionCookie } from '../../http/session';
import { servicesOf } from '../events/bus';
import { deleteMyAccount, refuseUndeletable } from './account-deletion';
import { accountSettings, exportMyData, recordAccessLog, setMarketingEmailOptOut } from './privacy';
import { ownPatientProfile, readPatientProfile } from '../../policies/patient-record';
import { viewerOf } from '../../policies/viewer';
import { createPatientProfile, presentPatientProfile, updatePatientProfile } from './profile';

export async function patientRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock, config, loginThrottle } = ctx;
  const r = route(app, 'Patient record');

  // Health data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/patients/')) reply.header('cache-control', 'no-store');
  });

  r.post(
    '/api/patients/profile',
    {
      access: 'user',
      summary: 'Create my patient profile',
      errors: { 409: 'The caller already has a patient profile.' },
      schema: { body: createPatientProfileSchema, response: { 201: patientProfileSchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await createPatientProfile(db, request, user, request.body, clock.now())),
  );

  r.get(
    '/api/patients/profile',
    // null before the profile is created: not an error, the page offers to create it.
    {
      access: 'user',
      summary: 'Read my patient profile, or null before it is created',
      schema: { response: { 200: patientProfileSchema.nullable() } },
    },
    async ({ user }) => {
      const row = await ownPatientProfile(db, user);
      return row && presentPatientProfile(row);
    },
  );

  r.put(
    '/api/patients/profile',
    {
      access: 'user',
      summary: 'Update my patient profile',
      errors: { 404: 'The caller has no patient profile yet.' },
      schema: { body: updatePatientProfileSchema, response: { 200: patientProfileSchema } },
    },
    async ({ request, user }) => updatePatientProfile(db, request, user, request.body, clock.now()),
  );

  r.get(
    '/api/patients/profile/access-log',
    {
      access: 'user',
      summary: 'List who has read my records, newest first',
      schema: { response: { 200: recordAccessListSchema } },
    },
    async ({ user }) => recordAccessLog(db, user.id),
  );

  r.get(
    '/api/patients/:patientId/profile',
    {
      access: ['doctor', 'admin'],
      summary: "Read a patient's profile, as their doctor or an administrator",
      schema: { params: patientIdParamsSchema, response: { 200: patientProfileSchema } },
    },
    async ({ request, user }) =>
      presentPatientProfile(
        await readPatientProfile(db, viewerOf(request, user), request.params.patientId, clock.now()),
      ),
  );

  r.get(
    '/api/patients/me/settings',
    { access: 'user', summary: 'Read my e-mail settings', schema: { response: { 200: accountSettingsSchema } } },
    async ({ user }) => accountSettings(db, user.id),
  );

  r.put(
    '/api/patients/me/settings',
    {
      access: 'user',
      summary: 'Turn marketing e-mail off or on',
      schema: { body: accountSettingsSchema, response: { 200: accountSettingsSchema } },
    },
    async ({ request, user }) =>
      setMarketingEmailOptOut(db, request, user, request.body.marketingEmailOptOut, clock.now()),
  );

  r.get(
    '/api/patients/me/export',
    {
      access: 'user',
      summary: 'Download everything Medora holds about me, as one JSON file',
      replies: {
        200: {
          description:
            'A JSON attachment: account, profile, appointments, payments, reviews, messages, referrals, wallet, record access.',
          contentType: 'application/json',
        },
      },
    },
    async ({ request, reply, user }) => {
      const data = await exportMyData(db, request, user, clock.now());
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="medora-my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  r.post(
    '/api/patients/me/delete',
    {
      access: 'user',
      summary: 'Delete my patient account: personal data is erased and I am signed out',
      errors: {
        409: 'Doctor and administrator accounts are closed by support.',
        429: 'Too many wrong passwords for this account (the sign-in lock); `Retry-After` says when to try again.',
      },
      replies: { 204: { description: 'Deleted; the session cookie is cleared.' } },
      schema: { body: deleteAccountBodySchema },
    },
    async ({ request, reply, user }) => {
      refuseUndeletable(user);
      // The password check is a sign-in in all but name: it counts against the same lock.
      const wait = await loginThrottle.reserveAttempt(user.email);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw localizedError('rate_limited', 'errors.wrongPasswordsWait', { minutes: Math.ceil(wait / 60_000) });
      }
      await deleteMyAccount(servicesOf(ctx, request.log), request, user, request.body.password, clock.now());
      await loginThrottle.reset(user.email);
      clearSessionCookie(reply, config.secureCookies);
      return reply.status(204).send();
    },
  );
}
