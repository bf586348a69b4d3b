import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  doctorProfileRequestSchema,
  doctorProfileSchema,
  doctorUserParamsSchema,
  MAX_PHOTO_BYTES,
  ownDoctorProfileSchema,
  photoParamsSchema,
  photoUploadSchema,
} from '@common/schemas/doctor-profile';
import type { AppDeps } from '../../app';
import { requireUser } from '../../http/access';
import { readPhoto, uploadPhoto } from './photos';
import { getOwnProfile, getProfileByUserId, publishProfile, saveProfile } from './service';

// Base64 grows a file by a third; leave room for the JSON around it.
const PHOTO_BODY_LIMIT = Math.ceil(MAX_PHOTO_BYTES * 1.4) + 4096;

export async function doctorProfileRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/api/profile/doctor',
    { config: { access: 'doctor' }, schema: { response: { 200: ownDoctorProfileSchema } } },
    async (request) => getOwnProfile(db, requireUser(request).id),
  );

  r.put(
    '/api/doctors/profile',
    {
      config: { access: 'doctor' },
      schema: { body: doctorProfileRequestSchema, response: { 200: doctorProfileSchema } },
    },
    async (request) => saveProfile(db, requireUser(request).id, request.body),
  );

  r.post(
    '/api/doctors/profile/publish',
    { config: { access: 'doctor' }, schema: { response: { 200: doctorProfileSchema } } },
    async (request) => publishProfile(db, requireUser(request).id),
  );

  r.post(
    '/api/doctors/profile/photo',
    {
      config: { access: 'doctor' },
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { body: photoUploadSchema, response: { 200: doctorProfileSchema } },
    },
    async (request) => uploadPhoto(db, requireUser(request).id, request.body),
  );

  r.get(
    '/api/doctors/profile/:userId',
    {
      config: { access: 'public' },
      schema: { params: doctorUserParamsSchema, response: { 200: doctorProfileSchema } },
    },
    async (request) => getProfileByUserId(db, request.user, request.params.userId),
  );

  r.get(
    '/api/doctors/photos/:photoId',
    { config: { access: 'public' }, schema: { params: photoParamsSchema } },
    async (request, reply) => {
      const photo = await readPhoto(db, request.params.photoId);
      // A new upload gets a new id, so a photo's bytes never change under its URL.
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(photo.data);
    },
  );
}
