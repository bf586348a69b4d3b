import type { FastifyInstance } from 'fastify';
import {
  doctorProfileRequestSchema,
  doctorProfileSchema,
  doctorUserParamsSchema,
  myDoctorProfileSchema,
  MAX_PHOTO_BYTES,
  ownDoctorProfileSchema,
  photoParamsSchema,
  photoUploadSchema,
} from '@common/schemas/doctor-profile';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { photoExtension, readPhoto, uploadPhoto } from './photos';
import { auditActor } from '../audit/record';
import { autoVerifyIfEligible } from '../doctor-verification/commands';
import { enforceFeeBounds } from './platform-rules';
import { getOwnProfile, getProfileByUserId, publishProfile, saveProfile } from './service';

// Base64 grows a file by a third; leave room for the JSON around it.
const PHOTO_BODY_LIMIT = Math.ceil(MAX_PHOTO_BYTES * 1.4) + 4096;

export async function doctorProfileRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Doctor profile');

  r.get(
    '/api/profile/doctor',
    {
      access: 'doctor',
      summary: 'Read my doctor profile, or null before the first save',
      schema: { response: { 200: ownDoctorProfileSchema } },
    },
    async ({ user }) => getOwnProfile(db, user.id),
  );

  r.put(
    '/api/doctors/profile',
    {
      access: 'doctor',
      summary: 'Save my doctor profile draft; absent fields stay as they are',
      schema: { body: doctorProfileRequestSchema, response: { 200: myDoctorProfileSchema } },
    },
    async ({ request, user }) => {
      await enforceFeeBounds(db, request.body);
      return saveProfile(db, user.id, request.body);
    },
  );

  r.post(
    '/api/doctors/profile/publish',
    {
      access: 'doctor',
      verifiedEmail: true,
      summary: 'Submit my profile for verification once it is at least 70% complete',
      schema: { response: { 200: myDoctorProfileSchema } },
    },
    async ({ request, user }) => {
      const published = await publishProfile(db, user.id);
      if (!(await autoVerifyIfEligible(db, auditActor(request, user), user.id, clock.now()))) return published;
      return (await getOwnProfile(db, user.id))!;
    },
  );

  r.post(
    '/api/doctors/profile/photo',
    {
      access: 'doctor',
      summary: 'Upload my profile photo (JPEG, PNG or WebP, up to 2 MB)',
      errors: { 413: 'The photo is larger than 2 MB.' },
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { body: photoUploadSchema, response: { 200: myDoctorProfileSchema } },
    },
    async ({ request, user }) => uploadPhoto(db, user.id, request.body),
  );

  r.get(
    '/api/doctors/profile/:userId',
    {
      access: 'public',
      summary: "Read a doctor's profile by user id; others see only verified, active doctors",
      schema: { params: doctorUserParamsSchema, response: { 200: doctorProfileSchema } },
    },
    async ({ request }) => getProfileByUserId(db, request.user, request.params.userId),
  );

  r.get(
    '/api/doctors/photos/:photoId',
    {
      access: 'public',
      summary: "Download a doctor's photo",
      replies: {
        200: { description: 'The image. Cached for a year: a new upload gets a new id.', contentType: 'image/*' },
      },
      schema: { params: photoParamsSchema },
    },
    async ({ request, reply }) => {
      const photo = await readPhoto(db, request.params.photoId);
      // A new upload gets a new id, so a photo's bytes never change under its URL.
      return (
        reply
          .header('content-type', photo.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // Opened on its own, the file is an image in a sandbox: no scripts, no same-origin rights.
          .header('content-disposition', `inline; filename="photo.${photoExtension(photo.contentType)}"`)
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(photo.data)
      );
    },
  );
}
