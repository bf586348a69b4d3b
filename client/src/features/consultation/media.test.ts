import { describe, expect, it } from 'vitest';
import { mediaErrorMessage } from './media';

const error = (name: string) => Object.assign(new Error('x'), { name });

describe('media error messages', () => {
  it('says what happened and that chat still works', () => {
    expect(mediaErrorMessage(error('NotAllowedError'), 'video')).toMatch(
      /^Access to your camera and microphone was denied\..*chat still works\.$/,
    );
    expect(mediaErrorMessage(error('NotFoundError'), 'voice')).toMatch(/^No microphone was found\./);
    expect(mediaErrorMessage(error('NotFoundError'), 'video')).toMatch(/^No camera or microphone was found\./);
    expect(mediaErrorMessage(error('NotReadableError'), 'video')).toMatch(/in use by another application/);
    expect(mediaErrorMessage('weird', 'voice')).toBe('Your microphone could not be started; chat still works.');
  });
});
