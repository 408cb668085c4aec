/**
 * Passkeys in a real Chromium, with its virtual authenticator (the DevTools protocol's WebAuthn
 * domain): a platform authenticator with resident keys and user verification, whose "touch" is
 * simulated. The site's SITE_URL is 127.0.0.1 (the test servers'); passkeys are bound to
 * `localhost` (browsers take no IP address as a relying party), so the pages are opened there.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { expect, expectToast, signIn, TEST_ADMIN, test } from './admin-fixtures.ts'

/** The same server under the name its passkeys are bound to. */
const atLocalhost = (url: string) => url.replace('//127.0.0.1:', '//localhost:')

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
}

test.describe.configure({ mode: 'serial' })

test('the login page offers a passkey, says plainly when there is none, and passes axe', async ({ page, adminSite }) => {
  const url = atLocalhost(adminSite.url)
  await addVirtualAuthenticator(page)
  await page.goto(`${url}/admin/login`)
  // The SPEC's form stays as it was, the passkey below it.
  await expect(page.getByLabel('Username')).toBeFocused()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, { where: 'login page' })
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expectToast(page, {
    title: 'Passkey sign-in failed',
    description: 'The passkey request was cancelled or timed out. Nothing changed; try again when you are ready.',
    variant: 'destructive',
  })
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('registers a passkey on the account page, signs in with it alone, then uses it after the password', async ({ page, adminSite }) => {
  const url = atLocalhost(adminSite.url)
  await addVirtualAuthenticator(page)
  await signIn(page, url)

  await test.step('register on the account page', async () => {
    await page.goto(`${url}/admin/account`)
    const section = page.getByRole('region', { name: 'Passkeys' })
    await expect(section.getByText('You have no passkey yet.')).toBeVisible()
    await section.getByLabel('Name for a new passkey (optional)').fill('Test laptop')
    await section.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(section.getByRole('status')).toHaveText('Added Test laptop. It signs you in from now on; your other sessions were signed out.')
    await expect(section.getByRole('listitem')).toHaveCount(1)
    await expect(section.getByRole('listitem')).toContainText('not used yet')
    await expectNoSeriousAxeViolations(page, { include: ['[aria-labelledby="account-passkeys-title"]'], where: 'passkeys section' })

    // Adding the same authenticator again is refused by the browser, in words.
    await section.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(section.getByRole('status')).toHaveText('This device already holds a passkey for your account.')
    await expect(section.getByRole('listitem')).toHaveCount(1)

    await section.getByRole('button', { name: 'Rename Test laptop' }).click()
    await section.getByLabel('New name for Test laptop').fill('Work laptop')
    await section.getByRole('button', { name: 'Save name' }).click()
    await expect(section.getByRole('status')).toHaveText('Renamed to Work laptop.')
    await expect(section.getByRole('listitem')).toContainText('Work laptop')
  })

  await test.step('sign out, and in with the passkey alone (no username asked)', async () => {
    await signOut(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectToast(page, { title: 'Login successful', description: 'Welcome back!' })
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await page.goto(`${url}/admin/account`)
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')).toContainText('last used')
  })

  await test.step('the password, then the passkey as the second step', async () => {
    await signOut(page)
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill(TEST_ADMIN.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Use your passkey' })).toBeFocused()
    await expectNoSeriousAxeViolations(page, { where: 'second step' })
    await page.getByRole('button', { name: 'Use your passkey' }).click()
    await expectToast(page, { title: 'Login successful', description: 'Welcome back!' })
    await expect(page).toHaveURL(/\/admin\/blog$/)
  })

  await test.step('remove it: the password alone signs in again', async () => {
    await page.goto(`${url}/admin/account`)
    const section = page.getByRole('region', { name: 'Passkeys' })
    page.once('dialog', (dialog) => void dialog.accept())
    await section.getByRole('button', { name: 'Remove Work laptop' }).click()
    await expect(section.getByText('You have no passkey yet.')).toBeVisible()
    await signOut(page)
    const login = await page.request.post(`${url}/api/auth/login`, { data: { username: TEST_ADMIN.username, password: TEST_ADMIN.password } })
    expect(login.status()).toBe(200)
  })
})

test('an invitee joins with a passkey instead of a password, and signs in with it alone', async ({ page, browser, adminSite }) => {
  const url = atLocalhost(adminSite.url)
  await signIn(page, url)
  const invited = await page.request.post(`${url}/api/admin/people/invitations`, { data: { displayName: 'Pat Passkey', role: 'author' } })
  expect(invited.status()).toBe(201)
  const token = ((await invited.json()) as { link: string }).link.split('#')[1]!

  const context = await browser.newContext()
  try {
    const invitee = await context.newPage()
    await addVirtualAuthenticator(invitee)
    await invitee.goto(`${url}/admin/invite#${token}`)
    await expect(invitee.getByLabel('Username')).toHaveValue('pat-passkey')
    await invitee.getByLabel('E-mail').fill('pat@watchio.example')
    await expectNoSeriousAxeViolations(invitee, { where: 'invitation page with the passkey choice' })
    await invitee.getByRole('button', { name: 'Join with a passkey instead' }).click()
    await expect(invitee).toHaveURL(/\/admin\/blog$/)
    await expect(invitee.getByRole('heading', { name: 'Blog Admin', level: 1 })).toBeVisible()
    await signOut(invitee)
    await invitee.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(invitee).toHaveURL(/\/admin\/blog$/)
  } finally {
    await context.close()
  }
})
