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
