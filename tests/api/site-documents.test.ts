import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

let site: TempSite
let server: RunningServer
let close: () => Promise<void>

beforeAll(async () => {
  ;({ site, server, close } = await signedInServer({ signIn: false }))
})

afterAll(() => close?.())

const text = async (pathname: string) => {
  const response = await fetch(server.url + pathname)
  expect(response.status).toBe(200)
  return { type: response.headers.get('content-type'), body: await response.text() }
}

describe('sitemap.xml', () => {
  it('lists every public page and every published post with lastmod, and no redirect page', async () => {
    const { type, body } = await text('/sitemap.xml')
    expect(type).toMatch(/^application\/xml/)
    const entries = [...body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)].map(
      ([, loc, lastmod]) => ({ loc: loc!, lastmod: lastmod! }),
    )
    const locs = entries.map((entry) => entry.loc)
    for (const page of ['/', '/pricing', '/partnerships', '/legal', '/watchio', '/blog']) {
      expect(locs).toContain(`https://watchio.example${page}`)
    }
    for (const redirect of ['/feedback', '/discord', '/help', '/iptv']) {
      expect(locs).not.toContain(`https://watchio.example${redirect}`)
    }
    const posts = (await (await fetch(`${server.url}/api/blog/posts`)).json()) as { slug: string; publishDate: string }[]
    for (const post of posts) {
      expect(entries).toContainEqual({ loc: `https://watchio.example/blog/${post.slug}`, lastmod: post.publishDate })
    }
    expect(body).not.toContain('tips-for-smooth-playback')
  })

  it('follows a post published on disk', async () => {
    const file = path.join(site.blogDir, 'tips-for-smooth-playback.html')
    await writeFile(file, (await readFile(file, 'utf8')).replace('isPublished: false', 'isPublished: true'))
    // Once the watcher has read the file again (its settle: tests/integration/watch-folder.test.ts);
    // the timeout is only a safety net.
    await expect
      .poll(async () => (await text('/sitemap.xml')).body)
      .toContain('https://watchio.example/blog/tips-for-smooth-playback')
  })
})

describe('robots.txt', () => {
  it('disallows the admin area and points at the sitemap', async () => {
    const { type, body } = await text('/robots.txt')
    expect(type).toMatch(/^text\/plain/)
    expect(body).toMatch(/^User-agent: \*$/m)
    expect(body).toMatch(/^Disallow: \/admin$/m)
    expect(body).toMatch(/^Sitemap: https:\/\/watchio\.example\/sitemap\.xml$/m)
  })
})
