import { describe, expect, it } from 'vitest';
import firstScreens from './first-screens.json';
import { ROUTES } from './route-table';

// The server preloads these modules' chunks for a page load at the path (decision 101): a list that
// named another module than the route renders would preload the wrong code and delay the right one.
describe('first-screens.json', () => {
  it.each(firstScreens)('names the module the route table renders at $path', async ({ path: route, module }) => {
    const entry = ROUTES.find((candidate) => candidate.path === route);
    expect(entry, route).toBeDefined();
    const { screen } = entry!;
    // Only a signed-out visitor's screen is preloaded where the screen depends on the session.
    const lazy = screen.kind === 'by-session' ? screen.signedOut : screen;
    expect(lazy.kind).toBe('lazy');
    if (lazy.kind !== 'lazy') return;
    const component = await lazy.load();
    const listed = (await import(/* @vite-ignore */ new URL(`../../${module}`, import.meta.url).pathname)) as object;
    expect(Object.values(listed)).toContain(component);
  });
});
