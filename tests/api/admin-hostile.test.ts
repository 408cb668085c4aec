import fc from 'fast-check'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { parseRedirects, redirectsOf } from '../../server/content/redirects-file.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import type { TempSite } from '../support/temp-site.ts'
import { signedInServer } from '../support/signed-in-server.ts'

/** Payloads every field and every path parameter is tried with. */
const HOSTILE = [
  '../../x',
  '../../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fx',
  '..%2F..%2Fx',
  '.git/config',
  '.git',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'a\u0000b',
  '%00',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '"><script>alert(1)</script>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "{{constructor.constructor('alert(1)')()}}",
  '${process.exit()}',
  'x'.repeat(100_000),
  '\u202e\u2066',
  '🙂'.repeat(300),
]

let site: TempSite
let server: RunningServer
let close: () => Promise<void>
let api: ApiClient
let existingId: string
let outsideBefore: string

/** Every file of the temp repository outside content/blog and .git, with size and mtime (the redirects renames record aside: checked on their own). */
async function outsideFiles(): Promise<string> {
  const lines: string[] = []
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      const relative = path.relative(site.repoDir, full)
      if (relative === '.git' || relative === path.join('content', 'blog') || relative === path.join('content', 'redirects.yaml')) continue
      if (entry.isDirectory()) await walk(full)
      else {
        const info = await stat(full)
        lines.push(`${relative} ${info.size} ${info.mtimeMs}`)
      }
    }
  }
  await walk(site.repoDir)
  lines.push(...(await readdir(path.dirname(site.repoDir))).map((name) => `root:${name}`))
  return lines.sort().join('\n')
}

beforeAll(async () => {
  ;({ site, server, api, close } = await signedInServer())
  const { body } = await api.json<{ id: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'hostile-target' }))
  existingId = body.id
  outsideBefore = await outsideFiles()
})

afterAll(() => close?.())

const FIELDS = ['title', 'slug', 'summary', 'content', 'publishDate', 'isPublished', 'featuredImageUrl', 'version'] as const

const anyValue = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)

/** A valid body with some fields replaced, removed or added. */
const hostileBody = fc
  .record({
    replace: fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 4 }),
    remove: fc.subarray([...FIELDS]),
    extra: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'isAdmin', 'path'), anyValue, { maxKeys: 2 }),
  })
  .map(({ replace, remove, extra }) => {
    const body: Record<string, unknown> = newPostBody({ slug: 'hostile-new' })
    for (const field of remove) delete body[field]
    Object.assign(body, replace)
    // Written into the JSON text itself, so `__proto__` arrives as a key, not a prototype.
    const extraText = Object.entries(extra).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`)
    const text = JSON.stringify(body)
    return extraText.length === 0 ? text : `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${extraText.join(',')}}`
  })

const hostileId = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 50 }), fc.string({ unit: 'binary', maxLength: 20 }))

describe('hostile input gets 4xx (or a clean 2xx), never a 500', () => {
  it('create and update bodies: 300 generated cases', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody, fc.boolean(), async (text, update) => {
        const url = update ? `/api/admin/blog/posts/${existingId}` : '/api/admin/blog/posts'
        const response = await api.request(update ? 'PUT' : 'POST', url, {
          body: text,
          headers: { 'Content-Type': 'application/json' },
        })
        expect(response.status, `${update ? 'PUT' : 'POST'} ${text.slice(0, 300)}`).toBeLessThan(500)
        if (response.status < 300 && !update) {
          // A body that happened to be valid made a post: remove it so the next case can reuse the slug.
          const { id, version } = (await response.json()) as { id: string; version: string }
          expect((await api.request('DELETE', `/api/admin/blog/posts/${id}`, { headers: { 'If-Match': version } })).status).toBe(204)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('ids and slugs in the path: 200 generated cases', async () => {
    await fc.assert(
      fc.asyncProperty(hostileId, fc.constantFrom('GET', 'PUT', 'DELETE'), fc.boolean(), async (id, method, encode) => {
        const segment = encode ? encodeURIComponent(id) : id.replace(/[#?]/g, '')
        const admin = await api.request(method, `/api/admin/blog/posts/${segment}`, method === 'PUT' ? { json: newPostBody() } : {})
        expect(admin.status, `${method} admin ${JSON.stringify(id)}`).toBeLessThan(500)
        // A GET of an empty or dot segment is the list itself; a PUT or DELETE never reaches a post.
        if (method !== 'GET') expect(admin.status, `${method} admin ${JSON.stringify(id)}`).toBeGreaterThanOrEqual(400)
        const publicPost = await fetch(new URL(`/api/blog/posts/${segment}`, server.url)).catch(() => null)
        if (publicPost) expect(publicPost.status).toBeLessThan(500)
      }),
      { numRuns: 200 },
    )
  })

  it('the fixed list, in every field of a create', async () => {
    for (const field of FIELDS) {
      for (const value of HOSTILE) {
        const response = await api.request('POST', '/api/admin/blog/posts', {
          json: { ...newPostBody({ slug: 'fixed-list' }), [field]: value },
        })
        expect(response.status, `${field}=${JSON.stringify(value).slice(0, 80)}`).toBeLessThan(500)
        if (response.status === 201) {
          const { id } = (await response.json()) as { id: string }
          await api.request('DELETE', `/api/admin/blog/posts/${id}`)
        }
      }
    }
  })

  it('deeply nested and truncated JSON', async () => {
    for (const text of ['['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(50_000), '{"title": "x', '[', '{"__proto__": {"polluted": true}}']) {
      const response = await api.request('POST', '/api/admin/blog/posts', { body: text, headers: { 'Content-Type': 'application/json' } })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
  })
})

describe('after all of it', () => {
  it('wrote nothing outside content/blog', async () => {
    expect(await outsideFiles()).toBe(outsideBefore)
    // The renames' redirects: post paths only, however hostile the slugs sent.
    const redirects = await readFile(path.join(site.contentDir, 'redirects.yaml'), 'utf8').catch(() => '')
    for (const { from, to } of redirectsOf(parseRedirects(redirects))) {
      expect(from).toMatch(/^\/blog\/[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(to).toMatch(/^\/blog\/[a-z0-9]+(-[a-z0-9]+)*$/)
    }
  })

  it('polluted no prototype', () => {
    const probe: Record<string, unknown> = {}
    expect(probe.polluted).toBeUndefined()
    expect(Object.keys(Object.prototype)).toEqual([])
    expect(probe.constructor).toBe(Object)
  })

  it('stored only clean content: no script, event handler or javascript: URL in any post file', async () => {
    for (const name of await readdir(site.blogDir)) {
      const post = parsePostFile(await readFile(path.join(site.blogDir, name), 'utf8'), name)
      // Elements and attributes that run script; the same words as plain text are harmless.
      expect(post.content).not.toMatch(/<(script|iframe|svg|object|embed)\b/i)
      expect(post.content).not.toMatch(/<[^>]*\son\w+\s*=/i)
      expect(post.content).not.toMatch(/<[^>]*\s(href|src)\s*=\s*["']?\s*(javascript|vbscript|data:text)/i)
      expect(post.featuredImageUrl).not.toMatch(/^\s*(javascript|data):/i)
    }
  })

  it('left a healthy repository', () => {
    git(site.repoDir, 'fsck', '--full', '--strict')
    expect(git(site.repoDir, 'status', '--porcelain', '--', 'content/blog')).toBe('')
  })
})
