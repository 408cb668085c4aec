/** The accessibility check the specs share: axe-core finds no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Runs axe-core on the page, or only inside the `include` selectors, and expects no violation of
 * impact serious or critical; each one found is listed with its nodes, after `where` when given.
 *
 * Only violations are gathered in full (axe's `resultTypes`): the passes, incomplete and
 * inapplicable results, which this check never reads, keep one node each instead of a selector
 * for every node of the page. Every rule still runs on every node. That is an eighth of axe's
 * CPU on these pages (measured: 20 runs on four public pages, 18.6 s of CPU in Chromium and
 * Playwright with every result, 16.3 s with the violations only).
 */
export async function expectNoSeriousAxeViolations(page: Page, options: { include?: string[]; where?: string; skipFrames?: boolean } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'], ...(options.skipFrames ? { iframes: false } : {}) })
  // Without frames to visit, axe runs in the page alone (its legacy mode): the frame-by-frame mode
  // opens an extra page for each run only to join the frames' results, which on a page without
  // frames is the same result for 40% more time (the WordPress import spec's 54 posts: 46.8 s,
  // 27.1 s without that page). `skipFrames`: frames that run no script (the admin's sandboxed
  // previews) cannot run axe; what they show is a public page, checked where it is a page of its
  // own; the extra page sometimes never opened beside a page holding such frames.
  if (options.skipFrames || (await page.locator('iframe').count()) === 0) builder = builder.setLegacyMode(true)
  for (const selector of options.include ?? []) builder = builder.include(selector)
  const results = await builder.analyze()
  const prefix = options.where ? `${options.where}: ` : ''
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${prefix}${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}
