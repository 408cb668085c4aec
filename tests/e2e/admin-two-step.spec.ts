/** Two-step sign-in in a real browser: an authenticator app set up on the account page, then the login's second step. */
import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import { newTotpSecret } from '../../server/accounts/totp.ts'
import { expect, expectToast, signIn, TEST_ADMIN, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

/** The code the app would show `offsetSeconds` from now (the server accepts one step either side). */
const codeFor = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds })

async function passwordStep(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin/login`)
  await page.getByLabel('Username').fill(TEST_ADMIN.username)
  await page.getByLabel('Password').fill(TEST_ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification', level: 1 })).toBeVisible()
}

test('set up an authenticator app, then sign in with its code and with a recovery code', async ({ page, adminSite }) => {
  // One person's whole story: four pages, three sign-ins and four axe runs.
  await signIn(page, adminSite.url)
  await page.goto(`${adminSite.url}/admin/account`)
  const section = page.getByRole('region', { name: 'Two-step verification' })
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(section.getByRole('img', { name: 'QR code to add Watchio to an authenticator app' })).toBeVisible()
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await expectNoSeriousAxeViolations(page, { where: 'account page, setup' })

  await section.getByLabel('Code from the app').fill(await codeFor(secret))
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expectToast(page, { title: 'Two-step verification is on', description: 'Save your recovery codes now: they are shown only once.' })
  const codes = await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts()
  expect(codes).toHaveLength(10)
  await expect(section.getByRole('button', { name: 'Download' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, { where: 'account page, recovery codes' })
  await section.getByRole('button', { name: 'I have saved them' }).click()
  await expect(section.getByText(/^On since .*Recovery codes left: 10\.$/)).toBeVisible()
  await expect(section.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)

  // The password, then the second step in the same card, its code field focused.
  await passwordStep(page, adminSite.url)
  const codeField = page.getByLabel('Authentication code')
  await expect(codeField).toBeFocused()
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(codeField).toHaveAttribute('inputmode', 'numeric')
  await expectNoSeriousAxeViolations(page, { where: 'login, second step' })
  const right = await codeFor(secret, 30)
  await codeField.fill(right === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, { title: 'Login failed', description: 'That code is not right, or was used already', variant: 'destructive' })
  await expect(codeField).toBeFocused()
  // The next step's code: the one that confirmed the setup is used up.
  await codeField.fill(right)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, { title: 'Login successful', description: 'Welcome back!' })
  await expect(page).toHaveURL(/\/admin\/blog$/)
  await expect(page.getByRole('heading', { name: 'Blog Admin', level: 1 })).toBeVisible()

  // A recovery code instead of the app; Back returns to the password.
  await page.getByRole('button', { name: 'Logout' }).click()
  await passwordStep(page, adminSite.url)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { name: 'Admin login', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.getByLabel('Password').fill(TEST_ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('button', { name: 'Use a recovery code' }).click()
  const recoveryField = page.getByLabel('Recovery code')
  await expect(recoveryField).toBeFocused()
  await expectNoSeriousAxeViolations(page, { where: 'login, recovery code' })
  await recoveryField.fill(codes[0]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expectToast(page, { title: 'Login successful', description: 'Welcome back!' })
  await expect(page).toHaveURL(/\/admin\/blog$/)
})

test('an admin requires a second factor: a person without one is sent to their account page and told why, until they add one', async ({ page, browser, adminSite }) => {
  const url = adminSite.url
  const store = new AccountStore(accountsFilePath(adminSite.site.dataDir))
  const adminSecret = newTotpSecret()
  await store.update(TEST_ADMIN.username, (account) => ({ ...account, totp: { secret: adminSecret, addedAt: new Date().toISOString() } }))
  const member = { username: 'member', password: 'a member password 77' }
  await store.add({ username: member.username, displayName: 'Member', email: 'member@watchio.example', passwordHash: await hashPassword(member.password), role: 'author' })

  // The admin, signed in with both steps, sets the rule on their account page.
  expect((await page.request.post(`${url}/api/auth/login`, { data: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } })).status()).toBe(202)
  expect((await page.request.post(`${url}/api/auth/login/code`, { data: { code: await codeFor(adminSecret) } })).status()).toBe(200)
  await page.goto(`${url}/admin/account`)
  const rules = page.getByRole('region', { name: 'Team sign-in rules' })
  await rules.getByLabel('Require two-step verification for everyone').check()
  await rules.getByRole('button', { name: 'Save rules' }).click()
  await expectToast(page, { title: 'Sign-in rules saved', description: 'Everyone must now use two-step verification.' })

  const context = await browser.newContext()
  try {
    const memberPage = await context.newPage()
    expect((await memberPage.request.post(`${url}/api/auth/login`, { data: member })).status()).toBe(200)
    await memberPage.goto(`${url}/admin/blog`)
    await expect(memberPage).toHaveURL(/\/admin\/account$/)
    const section = memberPage.getByRole('region', { name: 'Two-step verification' })
    await expect(section.getByRole('alert')).toContainText('This site requires two-step verification.')
    await expectNoSeriousAxeViolations(memberPage, { where: 'account page, factor required' })
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
    await section.getByLabel('Code from the app').fill(await codeFor(secret))
    await section.getByRole('button', { name: 'Turn on' }).click()
    await expect(section.getByRole('alert')).toHaveCount(0)
    await section.getByRole('button', { name: 'I have saved them' }).click()
    await memberPage.goto(`${url}/admin/blog`)
    await expect(memberPage.getByRole('heading', { name: 'Blog Admin', level: 1 })).toBeVisible()
    await expect(memberPage).toHaveURL(/\/admin\/blog$/)
  } finally {
    await context.close()
    await page.request.put(`${url}/api/admin/settings/security`, { data: { requireSecondFactor: false } })
  }
})
