import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-reload';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://medora.example/assets/home-page-abc.js'),
    new TypeError('error loading dynamically imported module: https://medora.example/assets/home-page-abc.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/checkout-page-abc.css'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), new TypeError('Failed to fetch'), 'a string', null])(
    'leaves other failures alone: %s',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});
