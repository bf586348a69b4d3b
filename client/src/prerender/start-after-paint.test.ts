// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
// Its text, run as the browser runs it: a classic script, not a module.
import source from './start-after-paint.js?raw';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Runs the loader as the drawn page does, its own tag naming an entry that never loads here. */
function runLoader() {
  const tag = document.createElement('script');
  tag.dataset.entry = '/assets/index-test.js';
  Object.defineProperty(document, 'currentScript', { configurable: true, value: tag });
  new Function(source)();
}

it('makes a pick again with the value its input carried, though hydration put the drawn value back before its change', () => {
  document.body.innerHTML =
    '<select id="available"><option value="">Any time</option><option value="today">Available today</option></select>';
  runLoader();
  const select = document.getElementById('available') as HTMLSelectElement;

  select.value = 'today';
  select.dispatchEvent(new Event('input', { bubbles: true }));
  // The input made React hydrate, which set the field to the value it was drawn with; then the
  // pick's own change arrived and read that.
  select.value = '';
  select.dispatchEvent(new Event('change', { bubbles: true }));

  const seen: string[] = [];
  select.addEventListener('change', () => seen.push(select.value));
  document.dispatchEvent(new Event('medora:live'));
  expect(seen).toEqual(['today']);
  expect(select.value).toBe('today');
});
