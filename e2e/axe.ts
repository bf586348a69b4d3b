import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The one axe set-up of the end-to-end tests: WCAG 2.0, 2.1 and 2.2 A/AA plus axe's best practices,
 * with the rules axe marks experimental that map to those levels switched on by name (label-in-name,
 * WCAG 2.5.3, among them); a finding counts when it is serious or critical.
 *
 * Legacy mode runs axe in the page itself. The default opens a blank page beside it for every run to
 * merge the frames' results; the app has no frames, and that page tripled each run's time (some
 * 250 runs in the audits).
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const EXPERIMENTAL_WCAG_RULES = axe
  .getRules(WCAG_TAGS)
  .filter((rule) => rule.tags.includes('experimental'))
  .map((rule) => rule.ruleId);
const SEVERE = new Set(['serious', 'critical']);

/** The serious and critical findings on the page as it is now, one line each, prefixed with `where`. */
export async function severeFindings(page: Page, where = ''): Promise<string[]> {
  // axe's target-size treats the sticky navbar as if it scrolled with the page (axe-core#3720): on a
  // scrolled page a link that slid under it reads as obscured. Every other rule ignores the scroll.
  await page.evaluate(() => window.scrollTo(0, 0));
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      // Only violations are read: nodes that pass are not collected (about a tenth of axe's time).
      resultTypes: ['violations'],
      rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
    })
    .withTags([...WCAG_TAGS, 'best-practice'])
    .analyze();
  return violations
    .filter((v) => SEVERE.has(v.impact ?? ''))
    .map((v) => {
      const [node] = v.nodes;
      // What the finding is about: the element that covers a target, the label a field lacks…
      const related = [...node.any, ...node.all, ...node.none]
        .flatMap((check) => check.relatedNodes ?? [])
        .map((r) => r.target.join(' '))
        .slice(0, 2);
      const near = related.length > 0 ? ` (with ${related.join(', ')})` : '';
      return `${where ? `${where}: ` : ''}${v.id} (${v.impact}) ${v.nodes.length}× e.g. ${node.target.join(' ')}${near}`;
    });
}
