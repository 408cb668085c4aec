/**
 * A page folder is all a new public page needs: the pages the site prerenders, regenerates and
 * lists in the sitemap are read from the routes vike built from `pages/`, so they are exactly
 * the `pages/` folders that hold a `+Page` and have one URL. Checked against the folders
 * themselves, read here without vike.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { pageFilePath } from '../../server/pages/page-files.ts'
import { type PublicPage, readPublicPages } from '../../server/pages/page-routes.ts'
import { loadServerBuild } from '../../server/pages/render-page.ts'

const root = path.resolve(import.meta.dirname, '../..')
const pagesDir = path.join(root, 'pages')

/** Each `pages/` folder holding a `+Page`, with its URL (vike's filesystem routing: `index` is `/`). */
function pageFolders(): { folder: string; route: string }[] {
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)\+Page\.tsx$/.test(file))
    .map((file) => path.dirname(file))
    .map((folder) => ({ folder, route: `/${folder.split('/').filter((part) => part !== 'index' && part !== '.').join('/')}` }))
}

let publicPages: PublicPage[]

beforeAll(async () => {
  await loadServerBuild(path.join(root, 'dist'))
  publicPages = await readPublicPages()
})

describe('the public pages', () => {
  it('are the page folders, but for the error page, the admin and routes with parameters', () => {
    const expected = pageFolders()
      // _error: vike's error page; @slug: the posts say which URLs exist; admin: `listing: 'private'`.
      .filter(({ folder }) => !folder.startsWith('_') && !folder.includes('@') && !folder.startsWith('admin'))
      .map(({ route }) => route)
      .sort()
    expect(publicPages.map((page) => page.path)).toEqual(expected)
    expect(expected).toContain('/')
    expect(expected).toContain('/blog')
  })

  it('leave out of the sitemap exactly the pages that only redirect', () => {
    const redirects = pageFolders()
      .filter(({ folder }) => readFileSync(path.join(pagesDir, folder, '+Page.tsx'), 'utf8').includes('_redirect/RedirectPage'))
      .map(({ route }) => route)
      .sort()
    expect(redirects.length).toBeGreaterThan(0)
    expect(publicPages.filter((page) => !page.inSitemap).map((page) => page.path)).toEqual(redirects)
  })

  it('are every one prerendered by the build', () => {
    for (const page of publicPages) {
      expect(existsSync(pageFilePath(path.join(root, 'dist', 'client'), page.path)!), page.path).toBe(true)
    }
  })
})
