/**
 * The Site area's specs: as admin-fixtures.ts (a server of the spec file's own over its own
 * temp git repository, kept by the worker while the file's tests run), with the site's copy as
 * files committed in the repository (written from the built-in copy by writeSiteFiles, never
 * content/site/), so a save changes a file that is there and its history has a start.
 */
import { test as base } from '@playwright/test'
import type { RunningServer } from '../../server/start.ts'
import { writeSiteFiles } from '../support/fixtures.ts'
import { git } from '../support/git.ts'
import { browserSiteEnv, createTempSite, startTestServer } from '../support/temp-site.ts'
import type { AdminSite } from './admin-fixtures.ts'

interface OpenSite {
  file: string
  adminSite: AdminSite
  close(): Promise<void>
}

async function openSite(file: string): Promise<OpenSite> {
  const site = await createTempSite()
  let server: RunningServer
  try {
    await writeSiteFiles(site.contentDir)
    git(site.repoDir, 'add', '-A', 'content/site')
    git(site.repoDir, 'commit', '-q', '-m', 'The site copy')
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

export const test = base.extend<{ adminSite: AdminSite }, { siteForFile: (file: string) => Promise<AdminSite> }>({
  siteForFile: [
    async ({}, use) => {
      let open: OpenSite | undefined
      try {
        await use(async (file) => {
          if (open?.file !== file) {
            await open?.close()
            open = undefined
            open = await openSite(file)
          }
          return open.adminSite
        })
      } finally {
        await open?.close()
      }
    },
    { scope: 'worker' },
  ],
  adminSite: async ({ siteForFile }, use, testInfo) => {
    await use(await siteForFile(testInfo.file))
  },
})

export { expect, expectToast, signIn, TEST_ADMIN } from './admin-fixtures.ts'
