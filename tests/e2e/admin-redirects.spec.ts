import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'

/** Keyboard only: focus the control, then the key. */
async function press(page: Page, control: Locator, key = 'Enter') {
  await control.focus()
  await page.keyboard.press(key)
}

test('Redirects lists, adds and removes redirects by keyboard, each a commit, and says why one is refused', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await press(page, page.getByRole('button', { name: 'Redirects' }))
  const section = page.getByRole('region', { name: 'Redirects' })
  await expect(section).toContainText("No redirects. Changing a post's slug adds one from its old address.")

  // Added by keyboard: type, Tab, type, Enter submits.
  const commitsBefore = Number(adminSite.git('rev-list', '--count', 'HEAD'))
  await section.getByLabel('From (old path)').focus()
  await page.keyboard.type('/old-pricing')
  await page.keyboard.press('Tab')
  await page.keyboard.type('/pricing')
  await page.keyboard.press('Enter')
  await expectToast(page, { title: 'Success', description: '/old-pricing now redirects to /pricing' })
  await expect(section.getByRole('row')).toHaveCount(2)
  await expect(section.getByRole('row').nth(1)).toContainText('/old-pricing/pricing')
  await expect(section.getByLabel('From (old path)')).toBeFocused()
  expect(Number(adminSite.git('rev-list', '--count', 'HEAD'))).toBe(commitsBefore + 1)
  expect(adminSite.git('log', '-1', '--format=%s')).toBe('redirects: add /old-pricing → /pricing')
  const answer = await page.request.get(`${adminSite.url}/old-pricing`, { maxRedirects: 0 })
  expect([answer.status(), answer.headers()['location']]).toEqual([301, '/pricing'])

  // Refused: the server's reason, on both fields.
  await section.getByLabel('From (old path)').fill('/somewhere')
  await section.getByLabel('To (path on this site)').fill('//evil.example')
  await press(page, section.getByRole('button', { name: 'Add redirect' }))
  await expect(section.getByRole('alert')).toContainText('to must be a path on this site (it starts with //, another site)')
  await expect(section.getByLabel('To (path on this site)')).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousAxeViolations(page, { include: ['#admin-redirects-body'], where: 'redirects' })

  await press(page, section.getByRole('button', { name: 'Remove the redirect from /old-pricing' }))
  await expectToast(page, { title: 'Success', description: 'Redirect from /old-pricing removed' })
  await expect(section).toContainText('No redirects.')
  expect(adminSite.git('log', '-1', '--format=%s')).toBe('redirects: remove /old-pricing')
  expect((await page.request.get(`${adminSite.url}/old-pricing`, { maxRedirects: 0 })).status()).toBe(404)
})
