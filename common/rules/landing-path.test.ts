import { describe, expect, it } from 'vitest';
import { landingPath } from './landing-path';

describe('where each role lands after sign-in', () => {
  it('sends each role to its work when there is nowhere else to go', () => {
    for (const returnTo of [undefined, null, '', '/', '/?ref=nav', '/login', '/login?returnTo=%2F']) {
      expect(landingPath('doctor', returnTo), String(returnTo)).toBe('/dashboard');
      expect(landingPath('admin', returnTo), String(returnTo)).toBe('/admin');
      expect(landingPath('patient', returnTo), String(returnTo)).toBe('/');
    }
  });

  it('lets a return path win', () => {
    expect(landingPath('doctor', '/appointments?x=1')).toBe('/appointments?x=1');
    expect(landingPath('admin', '/outbreak')).toBe('/outbreak');
    expect(landingPath('patient', '/book-appointment?doctorId=42')).toBe('/book-appointment?doctorId=42');
  });

  it('never leaves the site', () => {
    for (const returnTo of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/api/logout'])
      expect(landingPath('doctor', returnTo), returnTo).toBe('/dashboard');
  });
});
