import { describe, expect, it } from 'vitest';
import { approximatePlace, deviceName } from './device';

describe('how a session is named', () => {
  it('names the browser and system people know', () => {
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0'),
    ).toBe('Edge on Windows');
    expect(
      deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(
      deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15'),
    ).toBe('Safari on macOS');
    expect(deviceName('something odd')).toBe('Unknown browser on an unknown system');
    expect(deviceName('')).toBe('Unknown device');
  });

  it('says no more of the address than its network', () => {
    expect(approximatePlace('192.168.0.4')).toBe('Local network');
    expect(approximatePlace('::ffff:10.1.2.3')).toBe('Local network');
    expect(approximatePlace('::1')).toBe('Local network');
    expect(approximatePlace('172.32.0.1')).toBe('172.32.0.x');
    expect(approximatePlace('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:…');
    expect(approximatePlace('not an address')).toBe('Unknown place');
  });
});
