import type { Page } from '@playwright/test'

interface ShiftWindow {
  __cls: number
  __clsObserver: PerformanceObserver
}

/**
 * The page's cumulative layout shift without input, summed from its first moment by a
 * PerformanceObserver installed before any script of the page (the browser test of responsive
 * images and bench:pages both read it).
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as ShiftWindow
    w.__cls = 0
    w.__clsObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value
      }
    })
    w.__clsObserver.observe({ type: 'layout-shift', buffered: true })
  })
}

/** The layout shift summed so far (recordLayoutShifts must have run before the page loaded). */
export function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ShiftWindow).__cls)
}

/**
 * The layout shift once the page has drawn what it holds now: two frames later (a shift is
 * measured as a frame is drawn), with the entries the observer has not been handed yet counted
 * too. What a test reads after the images it waited for have loaded, instead of after a pause.
 */
export function drawnLayoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
    const w = window as unknown as ShiftWindow
    for (const entry of w.__clsObserver.takeRecords() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!entry.hadRecentInput) w.__cls += entry.value
    }
    return w.__cls
  })
}
