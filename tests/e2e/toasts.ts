/** The toast checks shared by the specs (SPEC §9 toasts). */
import { expect, type Page } from '@playwright/test'

/**
 * A new toast is on screen, the only one (SPEC §9: at most one), with this title, description
 * and style. A toast stays 5 s, so the one an earlier step checked may still be showing when
 * the next action is taken: each toast checked here is marked, and the next call waits for an
 * unmarked one. Otherwise an action that never happened would pass on its predecessor's toast.
 */
export async function expectToast(
  page: Page,
  toast: { title?: string; description: string; variant?: 'default' | 'destructive' },
): Promise<void> {
  const fresh = page.locator('li.toast[data-state="open"]:not([data-e2e-checked])')
  await expect(fresh).toHaveCount(1)
  if (toast.title) await expect(fresh.locator('.toast__title')).toHaveText(toast.title)
  else await expect(fresh.locator('.toast__title')).toHaveCount(0)
  await expect(fresh.locator('.toast__description')).toHaveText(toast.description)
  await expect(fresh).toHaveAttribute('data-variant', toast.variant ?? 'default')
  await expect(page.locator('li.toast[data-state="open"]')).toHaveCount(1)
  await fresh.evaluate((element) => element.setAttribute('data-e2e-checked', ''))
}

/**
 * Records, from the page's first moment (call it before `goto`), the title of every toast that
 * opens, or its description when it has none: what the page showed, a toast gone since included.
 * A check that no toast came is then made after one that did, never by waiting a while.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = []
    const seen = new WeakSet<Element>()
    Object.assign(window, { toastsShown: shown })
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('li.toast')) {
        if (seen.has(toast)) continue
        seen.add(toast)
        shown.push((toast.querySelector('.toast__title') ?? toast.querySelector('.toast__description'))?.textContent ?? '')
      }
    }).observe(document, { subtree: true, childList: true })
  })
}

/** The toasts the page has shown so far (recordToasts), in order. */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown)
}
