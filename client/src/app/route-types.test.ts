import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './route-types';

const Screen = () => null;

describe('lazyScreen', () => {
  it("loads a screen's module once for the page load's early start and the route's render", async () => {
    const load = vi.fn(async () => ({ Screen }));
    const screen = lazyScreen(load, 'Screen');
    const [early, render] = await Promise.all([screen.load(), screen.load()]);
    expect(early).toBe(Screen);
    expect(render).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (offline, or a new release moved the chunk)', async () => {
    const load = vi
      .fn<() => Promise<{ Screen: typeof Screen }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ Screen });
    const screen = lazyScreen(load, 'Screen');
    await expect(screen.load()).rejects.toThrow('Failed to fetch');
    await expect(screen.load()).resolves.toBe(Screen);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
