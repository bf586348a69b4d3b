import { describe, expect, it } from 'vitest';
import english from '@common/i18n/en/screens/precall.json';
import { ALLOW_CAMERA_STEPS, browserFamily } from './browser-help';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
};

describe('which browser the camera steps are for', () => {
  it('tells Edge from Chrome and Chrome from Safari', () => {
    expect(browserFamily(UA.chrome)).toBe('chrome');
    expect(browserFamily(UA.edge)).toBe('edge');
    expect(browserFamily(UA.firefox)).toBe('firefox');
    expect(browserFamily(UA.safari)).toBe('safari');
    expect(browserFamily(UA.iphoneChrome)).toBe('chrome');
    expect(browserFamily(UA.headless)).toBe('chrome');
    expect(browserFamily('curl/8')).toBe('other');
  });

  it('every browser gets steps that end by checking again', () => {
    for (const steps of Object.values(ALLOW_CAMERA_STEPS))
      expect(english[steps.at(-1) as keyof typeof english]).toMatch(/Check again/);
  });
});
