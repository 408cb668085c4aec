/**
 * The admin specs change content, so each spec file gets a server of its own over its own temp
 * git repository, instead of the shared e2e server that the public specs compare with the
 * sample content. A worker runs several files one after another and Playwright has no
 * per-file scope, so the worker keeps one site and replaces it when the file changes: a spec
 * never sees what another spec saved.
 */
import { test as base, expect, type Page } from '@playwright/test'
import type { RunningServer } from '../../server/start.ts'
import { git } from '../support/git.ts'
import { browserSiteEnv, createTempSite, startTestServer, TEST_ADMIN, type TempSite } from '../support/temp-site.ts'

export interface AdminSite {
  url: string
  site: TempSite
  /** The real git CLI in the site's repository. */
  git(...args: string[]): string
}

interface OpenSite {
  file: string
  adminSite: AdminSite
  close(): Promise<void>
}

/** What a spec's site holds before its server starts, beside the sample posts (e.g. the site's copy as committed files). */
export type PrepareSite = (site: TempSite) => Promise<void>

async function openSite(file: string, prepare?: PrepareSite): Promise<OpenSite> {
  const site = await createTempSite()
  let server: RunningServer
  try {
    await prepare?.(site)
    server = await startTestServer(site, { env: await browserSiteEnv() })
  } catch (error) {
    await site.cleanup()
    throw error
  }
  return {
    file,
    adminSite: { url: server.url, site, git: (...args) => git(site.repoDir, ...args) },
    close: async () => {
      await server.close()
      await site.cleanup()
    },
  }
}

/** The `test` of admin specs whose sites are made by `prepare` (see the top of this file). */
export function adminSiteTest(prepare?: PrepareSite) {
  return base.extend<{ adminSite: AdminSite }, { adminSiteForFile: (file: string) => Promise<AdminSite> }>({
    adminSiteForFile: [
      async ({}, use) => {
        let open: OpenSite | undefined
        try {
          await use(async (file) => {
            if (open?.file !== file) {
              await open?.close()
              open = undefined
              open = await openSite(file, prepare)
            }
            return open.adminSite
          })
        } finally {
          await open?.close()
        }
      },
      { scope: 'worker' },
    ],
    adminSite: async ({ adminSiteForFile }, use, testInfo) => {
      await use(await adminSiteForFile(testInfo.file))
    },
  })
}

export const test = adminSiteTest()

export { expect, TEST_ADMIN }
export { expectToast } from './toasts.ts'

/**
 * After a key that moves the caret (End, Ctrl+End): ProseMirror learns of a caret the browser
 * moved from the selectionchange event, which the browser sends a task later, so a key typed at
 * once (an Enter faster than any typist) would still meet the old selection. The event sent now
 * makes the editor read the caret where the key has already put it (the browser's own comes
 * after and changes nothing).
 */
export async function caretMoved(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('selectionchange')))
}

/**
 * Signs the page's browser in and opens the post list: a real sign-in through the API (the password
 * checked, a session of its own, its cookies in the context's jar, as the login form would leave
 * them), without the login form's page. For the tests whose subject is not signing in: the form's
 * extra page and client-side navigation cost about a second of CPU each, which over the admin specs
 * is half a minute of a 2-core machine. The form itself is signInThroughForm.
 */
export async function signIn(page: Page, url: string): Promise<void> {
  const response = await page.request.post(`${url}/api/auth/login`, {
    data: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  await page.goto(`${url}/admin/blog`)
  await expectPostList(page)
}

/** Signs in through the login form, as an admin does, and waits for the post list. */
export async function signInThroughForm(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin/login`)
  await page.getByLabel('Username').fill(TEST_ADMIN.username)
  await page.getByLabel('Password').fill(TEST_ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expectPostList(page)
}

async function expectPostList(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin\/blog$/)
  await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
}
