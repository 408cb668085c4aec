/**
 * A featured image's alt text over the real server: stored in the post file's front matter after
 * SPEC's fields (and only when set), answered by the admin and public APIs, rendered as the
 * image's alt on the post page and the blog card and as the social card's image alt; checked
 * like the other fields.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { type ApiClient, commitCount, newPostBody } from '../support/admin-client.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

interface AdminPost {
  id: string
  version: string
  slug: string
  featuredImageUrl: string
  featuredImageAlt?: string
}

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
})

afterAll(() => close?.())

const ALT = 'Two boats at dusk, "Aurora" & <Sirius>'

async function page(pathname: string): Promise<string> {
  const response = await fetch(new URL(pathname, server.url))
  expect(response.status).toBe(200)
  return response.text()
}

/** The first <img> with `className` (and `having` in it) of a page. */
function imageTag(html: string, className: string, having = ''): string {
  const tag = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]).find((img) => img.includes(`class="${className}"`) && img.includes(having))
  expect(tag, `${className} ${having}`).toBeDefined()
  return tag!
}

const fileOf = (slug: string) => readFile(path.join(site.blogDir, `${slug}.html`), 'utf8')

describe('a featured image alt text', () => {
  let imageUrl = ''
  let post: AdminPost

  it('is stored after the SPEC fields of the post file, and answered by the admin and public APIs', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#246' } }).jpeg().toBuffer()
    imageUrl = (await api.upload<{ url: string }>(photo, { filename: 'boats.jpg' })).body.url
    const created = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'boats', title: 'Boats', featuredImageUrl: imageUrl, featuredImageAlt: `  ${ALT}  ` }))
    expect(created.status).toBe(201)
    post = created.body
    expect(post.featuredImageAlt).toBe(ALT)

    const text = await fileOf('boats')
    const frontMatter = text.slice(0, text.indexOf('\n---\n', 4) + 5)
    expect(frontMatter).toMatch(/\nfeaturedImageUrl: \/media\/\d{4}\/boats-[0-9a-f]{10}-1600x900\.jpg\nfeaturedImageAlt: Two boats at dusk, "Aurora" & <Sirius>\n---\n$/)

    expect((await api.json<AdminPost>('GET', `/api/admin/blog/posts/${post.id}`)).body.featuredImageAlt).toBe(ALT)
    const list = (await (await fetch(new URL('/api/blog/posts', server.url))).json()) as { slug: string; featuredImageAlt?: string }[]
    expect(list.find((entry) => entry.slug === 'boats')?.featuredImageAlt).toBe(ALT)
    // A post without one says nothing of it: SPEC's fields only.
    expect(list.find((entry) => entry.slug === 'add-an-m3u-playlist')).not.toHaveProperty('featuredImageAlt')
    const single = (await (await fetch(new URL('/api/blog/posts/boats', server.url))).json()) as { featuredImageAlt?: string }
    expect(single.featuredImageAlt).toBe(ALT)
  })

  it("is the image's alt on the post page and the blog card, and the social card's image alt", async () => {
    const escaped = 'Two boats at dusk, &quot;Aurora&quot; &amp; &lt;Sirius&gt;'
    const article = await page('/blog/boats')
    expect(imageTag(article, 'article__image')).toContain(` alt="${escaped}"`)
    expect(article).toContain(`<meta property="og:image:alt" content="${escaped}">`)
    expect(article).toContain(`<meta name="twitter:image:alt" content="${escaped}">`)
    const list = await page('/blog')
    expect(imageTag(list, 'post-card__image', 'boats-')).toContain(` alt="${escaped}"`)
    // A post with no alt keeps alt="" and no image alt in its head.
    const other = await page('/blog/add-an-m3u-playlist')
    expect(other).not.toContain('image:alt')
  })

  it('is kept by an update that does not send it, removed by an empty one, and the file is then as it was without it', async () => {
    const kept = await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${post.id}`, { ...newPostBody({ slug: 'boats', title: 'Boats again', featuredImageUrl: imageUrl }), version: post.version })
    expect(kept.status).toBe(200)
    expect(kept.body.featuredImageAlt).toBe(ALT)
    const removed = await api.json<AdminPost>('PUT', `/api/admin/blog/posts/${post.id}`, { ...newPostBody({ slug: 'boats', title: 'Boats again', featuredImageUrl: imageUrl, featuredImageAlt: '' }), version: kept.body.version })
    expect(removed.status).toBe(200)
    expect(removed.body).not.toHaveProperty('featuredImageAlt')
    const text = await fileOf('boats')
    expect(text).not.toContain('featuredImageAlt')
    expect(text).toMatch(/\nfeaturedImageUrl: \S+\n---\n/)
    expect(await page('/blog/boats')).not.toContain('image:alt')
  })

  it('is refused past 500 characters or across lines, naming the field, and nothing is committed', async () => {
    const before = commitCount(site.repoDir)
    const tooLong = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'long-alt', featuredImageUrl: imageUrl, featuredImageAlt: 'a'.repeat(501) }))
    expect(tooLong.status).toBe(400)
    expect(String(tooLong.body)).toContain('featuredImageAlt must be at most 500 characters')
    const twoLines = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'long-alt', featuredImageUrl: imageUrl, featuredImageAlt: 'one\ntwo' }))
    expect(twoLines.status).toBe(400)
    expect(String(twoLines.body)).toContain('featuredImageAlt must be one line')
    const notText = await api.json('POST', '/api/admin/blog/posts', newPostBody({ slug: 'long-alt', featuredImageAlt: ['x'] }))
    expect(notText.status).toBe(400)
    expect(commitCount(site.repoDir)).toBe(before)
    const exactly = await api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'long-alt', featuredImageUrl: imageUrl, featuredImageAlt: 'a'.repeat(500) }))
    expect(exactly.status).toBe(201)
    expect(exactly.body.featuredImageAlt).toHaveLength(500)
  })
})
