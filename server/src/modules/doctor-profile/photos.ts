import { eq } from 'drizzle-orm';
import { MAX_PHOTO_BYTES, type MyDoctorProfile, type PhotoUpload } from '@common/schemas/doctor-profile';
import type { Db } from '../../db/client';
import { doctorPhotos, doctors, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { myProfileOf } from '../doctor-record/present';
import { ensureDoctorRow, refreshCompleteness } from './service';

/** The first bytes of each accepted format, so a renamed file of another kind is refused. */
const SIGNATURES: Record<PhotoUpload['contentType'], (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export const photoUrl = (id: string) => `/api/doctors/photos/${id}`;

/** Stores the photo, points the doctor and their user at it, and drops the previous one. */
export async function uploadPhoto(db: Db, userId: string, upload: PhotoUpload): Promise<MyDoctorProfile> {
  const data = Buffer.from(upload.data, 'base64');
  if (data.length === 0)
    throw localizedError('bad_request', 'errors.chooseImageUpload', undefined, {
      data: { key: 'errors.field.chooseImage' },
    });
  if (data.length > MAX_PHOTO_BYTES) {
    throw localizedError('payload_too_large', 'errors.photoTooLarge', undefined, {
      data: { key: 'errors.field.photoTooLarge' },
    });
  }
  if (!SIGNATURES[upload.contentType](data)) {
    throw localizedError('bad_request', 'errors.fileValidJpegPng', undefined, {
      data: { key: 'errors.field.notAnImage' },
    });
  }
  const image = await reencode(data, upload.contentType);
  const doctor = await ensureDoctorRow(db, userId);
  return db.transaction(async (tx) => {
    await tx.delete(doctorPhotos).where(eq(doctorPhotos.doctorId, doctor.id));
    const [photo] = await tx
      .insert(doctorPhotos)
      .values({ doctorId: doctor.id, contentType: upload.contentType, data: image, byteSize: image.length })
      .returning({ id: doctorPhotos.id });
    const url = photoUrl(photo.id);
    await tx.update(users).set({ profileImageUrl: url }).where(eq(users.id, userId));
    const [saved] = await tx
      .update(doctors)
      .set({ profileImageUrl: url, updatedAt: new Date() })
      .where(eq(doctors.id, doctor.id))
      .returning();
    // The photo is worth 0.5 points, so completeness moves with it.
    return myProfileOf(tx as unknown as Db, await refreshCompleteness(tx as unknown as Db, saved));
  });
}

const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export const photoExtension = (contentType: string) =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' })[contentType] ?? 'img';

/**
 * Decodes the upload and stores a fresh encoding of its pixels only, in the declared format: bytes
 * that are not a whole image (an image header followed by HTML) are refused, and anything after or
 * around the image (trailers, metadata, embedded scripts) is gone. Large photos are scaled down.
 */
async function reencode(data: Buffer, contentType: PhotoUpload['contentType']): Promise<Buffer> {
  // Loaded on the first upload only: libvips would otherwise sit in every server's memory.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(data, { limitInputPixels: 40_000_000, failOn: 'truncated' })
      .rotate()
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .toFormat(FORMATS[contentType])
      .toBuffer();
  } catch {
    throw localizedError('bad_request', 'errors.fileValidJpegPng', undefined, {
      data: { key: 'errors.field.notAnImage' },
    });
  }
}

export async function readPhoto(db: Db, photoId: string) {
  const [photo] = await db
    .select({ contentType: doctorPhotos.contentType, data: doctorPhotos.data })
    .from(doctorPhotos)
    .where(eq(doctorPhotos.id, photoId))
    .limit(1);
  if (!photo) throw notFound('Photo');
  return photo;
}
