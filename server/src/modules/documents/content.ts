import type { DocumentContentType, UploadContentType } from '@common/constants/care';
import { localizedError } from '../../core/errors';

/*
 * What an uploaded file really is, from its bytes. The name and the part's header are only claims:
 * when they name another type than the bytes, or the bytes are none of the accepted types, the
 * upload is refused with 415 before anything is stored.
 */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** ISO-BMFF brands of HEIF images coded with HEVC (an iPhone photo); AVIF is not accepted. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

export function sniff(bytes: Buffer): UploadContentType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.subarray(8, 12).toString('latin1')];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.subarray(at, at + 4).toString('latin1'));
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'image/heic';
  }
  return null;
}

const BY_EXTENSION: Record<string, UploadContentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heic',
};
const BY_HEADER: Record<string, UploadContentType> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
};
/** Headers that claim nothing (a client that did not know the type). */
const UNKNOWN_HEADERS = new Set(['', 'application/octet-stream']);

const refuse = () => localizedError('unsupported_media_type', 'care.errors.fileType');

/**
 * The type of an upload, when its bytes are one we accept and neither its name nor its header
 * says otherwise; a 415 else.
 */
export function typeOfUpload(bytes: Buffer, filename: string, header: string): UploadContentType {
  const actual = sniff(bytes);
  if (!actual) throw refuse();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (extension !== undefined && BY_EXTENSION[extension] !== actual) throw refuse();
  const declared = header.split(';')[0].trim().toLowerCase();
  if (!UNKNOWN_HEADERS.has(declared) && BY_HEADER[declared] !== actual) throw refuse();
  return actual;
}

/**
 * The bytes to store. Images are decoded and encoded afresh, which leaves their metadata behind
 * (EXIF with a GPS position, the camera's serial number) and anything hidden around the pixels;
 * the orientation EXIF asked for is applied first. A HEIC photo becomes a JPEG when the image
 * library can decode HEVC; the prebuilt one cannot, and the upload is refused with a message that
 * says what to send instead (decision 081). A PDF is kept as sent and only ever served as an
 * attachment under a sandbox.
 */
export async function sanitized(
  bytes: Buffer,
  type: UploadContentType,
): Promise<{ data: Buffer; contentType: DocumentContentType }> {
  if (type === 'application/pdf') return { data: bytes, contentType: type };
  const { default: sharp } = await import('sharp');
  const output = type === 'image/png' ? 'png' : 'jpeg';
  try {
    const data = await sharp(bytes, { limitInputPixels: 100_000_000, failOn: 'truncated' })
      .rotate()
      .toFormat(output, output === 'jpeg' ? { quality: 90 } : {})
      .toBuffer();
    return { data, contentType: output === 'png' ? 'image/png' : 'image/jpeg' };
  } catch {
    if (type === 'image/heic') throw localizedError('unsupported_media_type', 'care.errors.heic');
    throw localizedError('unsupported_media_type', 'care.errors.fileType');
  }
}
