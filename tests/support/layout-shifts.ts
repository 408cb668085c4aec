import type { Page } from '@playwright/test'

/**
 * The page's cumulative layout shift without input, summed from its first moment by a
 * PerformanceObserver installed before any script of the page (the browser test of responsive
 * images and bench:pages both read it).
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number }
    w.__cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The layout shift summed so far (recordLayoutShifts must have run before the page loaded). */
export function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls)
}
