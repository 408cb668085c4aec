/**
 * The Site area's specs: as admin-fixtures.ts (a server of the spec file's own over its own
 * temp git repository, kept by the worker while the file's tests run), with the site's copy as
 * files committed in the repository (written from the built-in copy by writeSiteFiles, never
 * content/site/), so a save changes a file that is there and its history has a start.
 */
import { writeSiteFiles } from '../support/fixtures.ts'
import { git } from '../support/git.ts'
import { adminSiteTest } from './admin-fixtures.ts'

export const test = adminSiteTest(async (site) => {
  await writeSiteFiles(site.contentDir)
  git(site.repoDir, 'add', '-A', 'content/site')
  git(site.repoDir, 'commit', '-q', '-m', 'The site copy')
})

export { expect, expectToast, signIn, TEST_ADMIN } from './admin-fixtures.ts'
