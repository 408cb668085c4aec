import type { Page } from '@playwright/test'
import { ApiClient } from '../support/admin-client.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { lowContrastControls } from './contrast.ts'
import { expect, expectToast, signIn, TEST_ADMIN, test } from './admin-fixtures.ts'

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/** Another browser signed in as the test admin: a client with its own cookies and user agent. */
async function otherBrowser(url: string, agent: string, password = TEST_ADMIN.password): Promise<ApiClient> {
  const client = new ApiClient(url)
  const response = await client.request('POST', '/api/auth/login', { json: { username: TEST_ADMIN.username, password }, headers: { 'User-Agent': agent } })
  expect(response.status).toBe(200)
  return client
}

async function isSignedIn(client: ApiClient): Promise<boolean> {
  return (await client.request('GET', '/api/auth/me')).status === 200
}

const section = (page: Page, name: string) => page.getByRole('region', { name })

/**
 * Each test starts with the test admin signed in nowhere else (the tests before left their
 * browsers' sessions open), then signs in here and opens the account page from the nav.
 */
async function openAccountPage(page: Page, url: string) {
  const admin = await otherBrowser(url, FIREFOX_WINDOWS)
  expect((await admin.request('DELETE', `/api/admin/people/${TEST_ADMIN.username}/sessions`)).status).toBe(200)
  await signIn(page, url)
  await page.getByRole('link', { name: 'Your account' }).click()
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
  return { profile: section(page, 'Name and e-mail'), password: section(page, 'Password'), sessions: section(page, 'Where you are signed in') }
}

test('name and e-mail: errors at their field, then saved, and the page passes axe', async ({ page, adminSite }) => {
  const { profile, sessions } = await openAccountPage(page, adminSite.url)
  await expect(profile.getByLabel('Display name')).toHaveValue(TEST_ADMIN.displayName)
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme)
    await page.reload()
    await expect(profile.getByLabel('Display name')).toBeVisible()
    expect(await lowContrastControls(page), theme).toEqual([])
    await expectNoSeriousAxeViolations(page, { where: `account page (${theme})` })
  }

  // Name and e-mail: an empty name is said at the field; the server's refusal too; then saved.
  await profile.getByLabel('Display name').fill('')
  await profile.getByRole('button', { name: 'Save name and e-mail' }).click()
  await expect(profile.getByLabel('Display name')).toBeFocused()
  await expect(profile.getByLabel('Display name')).toHaveAttribute('aria-invalid', 'true')
  await expect(profile.getByLabel('Display name')).toHaveAccessibleDescription('Enter your name.')
  await profile.getByLabel('Display name').fill('Ada Admin')
  await profile.getByLabel('E-mail').fill('ada at example')
  await profile.getByRole('button', { name: 'Save name and e-mail' }).click()
  await expect(profile.getByLabel('E-mail')).toBeFocused()
  await expect(profile.getByLabel('E-mail')).toHaveAccessibleDescription('E-mail must look like name@example.com (one @, no spaces).')
  await expect(profile.getByLabel('Display name')).not.toHaveAttribute('aria-invalid')
  await expectNoSeriousAxeViolations(page, { where: 'a field with its error' })
  await profile.getByLabel('E-mail').fill('ada@team.example')
  await profile.getByRole('button', { name: 'Save name and e-mail' }).click()
  await expectToast(page, { title: 'Success', description: 'Saved: your next commits are authored with this name and e-mail.' })
  await expect(page.getByText('Signed in as Ada Admin')).toBeVisible()
})

test('sessions: this device marked, end one, end all others', async ({ page, adminSite }) => {
  const { sessions } = await openAccountPage(page, adminSite.url)
  const firefox = await otherBrowser(adminSite.url, FIREFOX_WINDOWS)
  await page.reload()
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  // This one is marked; ending the Firefox one signs that browser out.
  const mine = sessions.getByRole('listitem').filter({ hasText: 'This device' })
  await expect(mine).toContainText('Chrome on Linux')
  await expect(mine.getByRole('button')).toHaveCount(0)
  const firefoxItem = sessions.getByRole('listitem').filter({ hasText: 'Firefox on Windows' })
  await expect(firefoxItem).toContainText(/Signed in .+ · last used .+/)
  await firefoxItem.getByRole('button', { name: /^End the session on Firefox on Windows, last used / }).click()
  await expectToast(page, { title: 'Success', description: 'The session on Firefox on Windows ended.' })
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  expect(await isSignedIn(firefox)).toBe(false)
  await expect(sessions.getByRole('button', { name: 'End all other sessions' })).toBeDisabled()

  // End all other sessions.
  const iphone = await otherBrowser(adminSite.url, SAFARI_IPHONE)
  const again = await otherBrowser(adminSite.url, FIREFOX_WINDOWS)
  await page.reload()
  await expect(sessions.getByRole('listitem')).toHaveCount(3)
  await expect(sessions.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })).toBeVisible()
  await sessions.getByRole('button', { name: 'End all other sessions' }).click()
  await expectToast(page, { title: 'Success', description: '2 other sessions ended.' })
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  expect(await isSignedIn(iphone)).toBe(false)
  expect(await isSignedIn(again)).toBe(false)
})

test('password: the policy beside the field, show and hide, errors at their field, and a change ends the other sessions', async ({ page, adminSite }) => {
  const { password, sessions } = await openAccountPage(page, adminSite.url)
  // Password: what a new one needs is said beside it; the fields can be shown.
  const current = password.getByLabel('Current password')
  const next = password.getByLabel('New password')
  await expect(current).toHaveAttribute('autocomplete', 'current-password')
  await expect(next).toHaveAttribute('autocomplete', 'new-password')
  await expect(next).toHaveAccessibleDescription(/At least 8 characters; 15 or more is better/)
  await expect(next).toHaveAttribute('type', 'password')
  await password.getByRole('button', { name: 'Show passwords' }).click()
  await expect(password.getByRole('button', { name: 'Show passwords' })).toHaveAttribute('aria-pressed', 'true')
  await expect(next).toHaveAttribute('type', 'text')
  await expect(current).toHaveAttribute('type', 'text')
  await password.getByRole('button', { name: 'Show passwords' }).click()
  await expect(next).toHaveAttribute('type', 'password')

  await current.fill('not my password')
  await next.fill('a kettle on the stove')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(current).toBeFocused()
  await expect(current).toHaveAccessibleDescription('Current password is wrong.')
  await current.fill(TEST_ADMIN.password)
  await next.fill('password123')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(next).toBeFocused()
  await expect(next).toHaveAttribute('aria-invalid', 'true')
  await expect(password.getByText('New password is one of the most common passwords; choose another.')).toBeVisible()
  await expectNoSeriousAxeViolations(page, { where: 'the password form with its error' })

  // Changed: every other session ends, this one stays.
  const laptop = await otherBrowser(adminSite.url, FIREFOX_WINDOWS)
  await next.fill('a kettle on the stove')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expectToast(page, { title: 'Success', description: 'Password changed. 1 other session ended.' })
  await expect(current).toHaveValue('')
  expect(await isSignedIn(laptop)).toBe(false)
  await page.reload()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await otherBrowser(adminSite.url, FIREFOX_WINDOWS, 'a kettle on the stove')
})
