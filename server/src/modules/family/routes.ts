import type { FastifyInstance } from 'fastify';
import {
  familyMemberBodySchema,
  familyMemberIdParamsSchema,
  familyMemberListSchema,
  familyMemberSchema,
} from '@common/schemas/family';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { servicesOf } from '../events/bus';
import { viewerOf } from '../../policies/viewer';
import { familyMemberProfileBodySchema, familyMemberProfileSchema } from '@common/schemas/family-member-profile';
import { auditActor } from '../audit/record';
import { getMemberProfile, saveMemberProfile } from './member-profile';
import { familyTakeoverRoutes } from './takeover-routes';
import { addFamilyMember, deleteFamilyMember, getFamilyMember, listFamilyMembers, updateFamilyMember } from './service';

/** Family members (issue 42, docs/families.md): the people a patient books visits for. */
export async function familyMemberRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const r = route(app, 'Family members');
  const params = familyMemberIdParamsSchema;

  r.get(
    '/api/family-members',
    {
      access: 'patient',
      summary: 'List the family members I book for',
      schema: { response: { 200: familyMemberListSchema } },
    },
    async ({ request, user }) => listFamilyMembers(db, viewerOf(request, user)),
  );

  r.post(
    '/api/family-members',
    {
      access: 'patient',
      summary: 'Add a family member I book for (at most 10)',
      errors: { 409: 'The account already has 10 family members.' },
      schema: { body: familyMemberBodySchema, response: { 201: familyMemberSchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await addFamilyMember(db, viewerOf(request, user), request.body, clock.now())),
  );

  r.get(
    '/api/family-members/:id',
    {
      access: ['patient', 'doctor'],
      summary: 'Read one family member: my own, or (a doctor) one with a visit in my book',
      description: "A doctor's read is in the account holder's record-access log.",
      schema: { params, response: { 200: familyMemberSchema } },
    },
    async ({ request, user }) => getFamilyMember(db, viewerOf(request, user), request.params.id, clock.now()),
  );

  r.put(
    '/api/family-members/:id',
    {
      access: 'patient',
      summary: 'Change a family member of mine',
      schema: { params, body: familyMemberBodySchema, response: { 200: familyMemberSchema } },
    },
    async ({ request, user }) =>
      updateFamilyMember(db, viewerOf(request, user), request.params.id, request.body, clock.now()),
  );

  r.delete(
    '/api/family-members/:id',
    {
      access: 'patient',
      summary: 'Remove a family member of mine; visits booked for them keep their name',
      description:
        'Their waiting for an earlier time ends, and a time held for them as an offer goes to the next in line.',
      replies: { 204: { description: 'Removed.' } },
      schema: { params },
    },
    async ({ request, reply, user }) => {
      await deleteFamilyMember(servicesOf(ctx, request.log), viewerOf(request, user), request.params.id, clock.now());
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/family-members/:id/health-profile',
    {
      access: ['patient', 'doctor', 'admin'],
      summary: "Read a family member's health profile: my member's, or (a doctor) one with a paid visit in my book",
      description:
        "A doctor reads it from 7 days before a paid visit for the member until 30 days after it, as a patient's record; the read is in the holder's record-access log. My own member with none saved yet: null; anyone else's: 404.",
      schema: { params, response: { 200: familyMemberProfileSchema.nullable() } },
    },
    async ({ request, user }) => getMemberProfile(db, viewerOf(request, user), request.params.id, clock.now()),
  );

  r.put(
    '/api/family-members/:id/health-profile',
    {
      access: 'patient',
      summary: "Save a family member's health profile (the fields of a patient's profile, without date of birth)",
      schema: { params, body: familyMemberProfileBodySchema, response: { 200: familyMemberProfileSchema } },
    },
    async ({ request, user }) =>
      saveMemberProfile(
        db,
        viewerOf(request, user),
        auditActor(request, user),
        request.params.id,
        request.body,
        clock.now(),
      ),
  );

  await familyTakeoverRoutes(app, ctx);
}
