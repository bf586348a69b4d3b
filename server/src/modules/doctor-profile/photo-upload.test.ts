import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const upload = (cookie: string, contentType: string, data: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/doctors/profile/photo',
    headers: { cookie },
    payload: { contentType, data: data.toString('base64') },
  });

describe('uploaded photos are images and nothing else', () => {
  it('refuses an image header followed by HTML', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    expect((await upload(me.cookie, 'image/png', Buffer.concat([PNG_SIGNATURE, html]))).statusCode).toBe(400);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]);
    expect((await upload(me.cookie, 'image/jpeg', jpeg)).statusCode).toBe(400);
  });

  it('stores a re-encoded copy and serves it as a sandboxed attachment-safe image', async () => {
    const me = await signedInUser(t.db, { userType: 'doctor' });
    const trailer = Buffer.from('<script>alert(1)</script>');
    const real = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await upload(me.cookie, 'image/png', Buffer.concat([real, trailer]));
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ url: res.json().profileImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes(trailer)).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(8);
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="photo\.png"$/);
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
  });
});
