import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Post, PostSummary } from '../../core/post.ts'
import { PostIndex } from '../../server/content/post-index.ts'

let nextId = 1

/** A published post; ids are unique unless given. */
function post(slug: string, fields: Partial<Post> = {}): Post {
  return {
    id: `id${nextId++}`,
    title: `Title of ${slug}`,
    slug,
    summary: `Summary of ${slug}`,
    publishDate: '2025-01-01',
    isPublished: true,
    featuredImageUrl: '',
    content: `<p>${slug}</p>`,
    ...fields,
  }
}

function indexOf(...posts: Post[]): PostIndex {
  const index = new PostIndex()
  for (const p of posts) expect(index.upsert(p)).toBeNull()
  return index
}

/** What the index lists of a post: every field but the content, with its version (none here). */
const listed = ({ content: _content, ...fields }: Post) => ({ ...fields, version: '' })

const slugs = (index: PostIndex) => index.list().map((summary) => summary.slug)

describe('PostIndex.list', () => {
  it('is empty for an empty index', () => {
    expect(new PostIndex().list()).toEqual([])
  })

  it('orders posts newest publishDate first', () => {
    const index = indexOf(
      post('middle', { publishDate: '2025-06-15' }),
      post('oldest', { publishDate: '2024-12-31' }),
      post('newest', { publishDate: '2025-11-02' }),
    )
    expect(slugs(index)).toEqual(['newest', 'middle', 'oldest'])
  })

  it('orders posts of the same day by slug, whatever the insertion order', () => {
    const sameDay = ['c-post', 'a-post', 'b-post', 'a-post-2'].map((slug) => post(slug, { publishDate: '2025-05-05' }))
    expect(slugs(indexOf(...sameDay))).toEqual(['a-post', 'a-post-2', 'b-post', 'c-post'])
    expect(slugs(indexOf(...sameDay.reverse()))).toEqual(['a-post', 'a-post-2', 'b-post', 'c-post'])
  })

  it('leaves drafts out', () => {
    const index = indexOf(post('published'), post('draft', { isPublished: false, publishDate: '2030-01-01' }))
    expect(slugs(index)).toEqual(['published'])
  })

  it('gives the public summary fields only, without content or isPublished', () => {
    const p = post('one', { featuredImageUrl: '/images/one.png' })
    expect(indexOf(p).list()).toEqual([
      { id: p.id, slug: 'one', title: p.title, summary: p.summary, featuredImageUrl: '/images/one.png', publishDate: p.publishDate },
    ])
  })

  it('follows every change: a new post, an update, a removal', () => {
    const index = indexOf(post('a', { publishDate: '2025-01-01' }))
    expect(slugs(index)).toEqual(['a'])
    const b = post('b', { publishDate: '2025-02-01' })
    index.upsert(b)
    expect(slugs(index)).toEqual(['b', 'a'])
    index.upsert({ ...b, publishDate: '2024-01-01' })
    expect(slugs(index)).toEqual(['a', 'b'])
    index.upsert({ ...b, isPublished: false })
    expect(slugs(index)).toEqual(['a'])
    index.remove('a')
    expect(slugs(index)).toEqual([])
  })
})

describe('PostIndex.get', () => {
  it('returns a published post with its public fields and content', () => {
    const p = post('one')
    expect(indexOf(p).get('one')).toEqual({
      id: p.id,
      slug: 'one',
      title: p.title,
      summary: p.summary,
      featuredImageUrl: '',
      publishDate: p.publishDate,
      content: '<p>one</p>',
    })
  })

  it('returns undefined for a draft and for an unknown slug', () => {
    const index = indexOf(post('draft', { isPublished: false }))
    expect(index.get('draft')).toBeUndefined()
    expect(index.get('missing')).toBeUndefined()
  })

  it('returns sanitized content when the stored content contains a script', () => {
    const index = indexOf(post('x', { content: '<p onclick="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">l</a>' }))
    expect(index.get('x')?.content).toBe('<p>Hi</p>\n<a>l</a>')
  })

  it('keeps the raw content for the admin side (contentOf)', () => {
    const raw = '<p>Hi</p><script>alert(1)</script>'
    expect(indexOf(post('x', { content: raw })).contentOf('x')).toBe(raw)
  })

  it('returns the new content after an update, not the sanitized content of before', () => {
    const p = post('x', { content: '<p>before</p>' })
    const index = indexOf(p)
    expect(index.get('x')?.content).toBe('<p>before</p>')
    index.upsert({ ...p, content: '<p>after</p>' })
    expect(index.get('x')?.content).toBe('<p>after</p>')
  })
})

describe('PostIndex.bySlugAny and byId', () => {
  it('find drafts as well as published posts', () => {
    const draft = post('draft', { isPublished: false })
    const published = post('published')
    const index = indexOf(draft, published)
    expect(index.bySlugAny('draft')).toEqual(listed(draft))
    expect(index.byId(draft.id)).toEqual(listed(draft))
    expect(index.contentOf('draft')).toBe(draft.content)
    expect(index.bySlugAny('published')).toEqual(listed(published))
    expect(index.byId(published.id)).toEqual(listed(published))
    expect(index.size).toBe(2)
  })

  it('return undefined for unknown keys', () => {
    const index = indexOf(post('a'))
    expect(index.bySlugAny('b')).toBeUndefined()
    expect(index.byId('nope')).toBeUndefined()
  })
})

describe('PostIndex.revision', () => {
  it('increases on every change', () => {
    const index = new PostIndex()
    const seen = [index.revision]
    const a = post('a')
    index.upsert(a)
    seen.push(index.revision)
    index.upsert({ ...a, title: 'Changed' })
    seen.push(index.revision)
    index.upsert(post('b', { isPublished: false }))
    seen.push(index.revision)
    index.remove('a')
    seen.push(index.revision)
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] ?? Infinity)
  })

  it('does not change when nothing changed: removing an unknown slug, a refused upsert, reading', () => {
    const a = post('a')
    const index = indexOf(a, post('b'))
    const before = index.revision
    expect(index.remove('unknown')).toBeUndefined()
    expect(index.upsert({ ...post('c'), id: a.id })).not.toBeNull()
    index.list()
    index.get('a')
    index.bySlugAny('a')
    index.byId(a.id)
    expect(index.revision).toBe(before)
  })
})

describe('PostIndex.upsert with an id that another post uses', () => {
  it('is refused with a reason naming the owner, and leaves the index unchanged', () => {
    const a = post('first', { id: 'sharedid' })
    const b = post('second')
    const index = indexOf(a, b)
    const listBefore = index.list()
    const revisionBefore = index.revision

    const reason = index.upsert(post('third', { id: 'sharedid' }))
    expect(reason).toEqual(expect.stringContaining('first.html'))
    expect(reason).toEqual(expect.stringContaining('sharedid'))
    expect(index.bySlugAny('third')).toBeUndefined()
    expect(index.byId('sharedid')).toEqual(listed(a))
    expect(index.list()).toEqual(listBefore)
    expect(index.size).toBe(2)
    expect(index.revision).toBe(revisionBefore)
  })

  it('is refused when the post would take the id of another existing slug (a rename without removing)', () => {
    const a = post('old-slug')
    const index = indexOf(a)
    expect(index.upsert({ ...a, slug: 'new-slug' })).toEqual(expect.any(String))
    expect(index.bySlugAny('new-slug')).toBeUndefined()
    expect(index.byId(a.id)?.slug).toBe('old-slug')
  })
})

describe('PostIndex renames', () => {
  it('moves a post to a new slug under the same id after the old slug is removed', () => {
    const a = post('old-slug', { id: 'keepme' })
    const index = indexOf(a, post('other'))
    expect(index.remove('old-slug')).toEqual(listed(a))
    expect(index.upsert({ ...a, slug: 'new-slug' })).toBeNull()
    expect(index.byId('keepme')?.slug).toBe('new-slug')
    expect(index.bySlugAny('old-slug')).toBeUndefined()
    expect(index.get('old-slug')).toBeUndefined()
    expect(index.get('new-slug')?.id).toBe('keepme')
    expect(slugs(index)).toEqual(['new-slug', 'other'])
    expect(index.size).toBe(2)
  })

  it('frees the old id when a slug is taken over by a post with another id', () => {
    const index = indexOf(post('a', { id: 'oldid' }))
    expect(index.upsert(post('a', { id: 'newid' }))).toBeNull()
    expect(index.byId('oldid')).toBeUndefined()
    expect(index.byId('newid')?.slug).toBe('a')
    expect(index.upsert(post('b', { id: 'oldid' }))).toBeNull()
  })
})

describe('PostIndex.remove', () => {
  it('returns the removed post and forgets its slug and id', () => {
    const a = post('a')
    const index = indexOf(a)
    expect(index.remove('a')).toEqual(listed(a))
    expect(index.bySlugAny('a')).toBeUndefined()
    expect(index.byId(a.id)).toBeUndefined()
    expect(index.get('a')).toBeUndefined()
    expect(index.size).toBe(0)
  })
})

describe('PostIndex keeps its list in step change by change', () => {
  it('equals a list sorted from scratch, and its URL digest changes exactly with the published slugs and dates, after any edits', () => {
    const slugs = ['a', 'b', 'c', 'd', 'e', 'f']
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('upsert' as const),
        slug: fc.constantFrom(...slugs),
        publishDate: fc.constantFrom('2024-01-01', '2024-06-01', '2025-01-01'),
        isPublished: fc.boolean(),
        title: fc.constantFrom('One', 'Two'),
        content: fc.constantFrom('<p>x</p>', '<p>y</p>'),
      }),
      fc.record({ kind: fc.constant('remove' as const), slug: fc.constantFrom(...slugs) }),
    )
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        const index = new PostIndex()
        index.list() // Built once, then kept in step.
        index.allVersioned() // The admin list's order too.
        for (const op of operations) {
          const listBefore = index.list()
          const digestBefore = index.publishedUrlsDigest()
          if (op.kind === 'remove') index.remove(op.slug)
          else {
            const { kind: _kind, ...fields } = op
            index.upsert(post(op.slug, { id: `id${op.slug}`, ...fields }))
          }
          const fresh = new PostIndex()
          for (const p of index.all()) fresh.upsert({ ...p, content: index.contentOf(p.slug)! })
          expect(index.list()).toEqual(fresh.list())
          expect(index.allVersioned().map((entry) => entry.slug)).toEqual(fresh.allVersioned().map((entry) => entry.slug))
          expect(index.publishedUrlsDigest()).toBe(fresh.publishedUrlsDigest())
          const urls = (list: readonly PostSummary[]) => JSON.stringify(list.map((entry) => [entry.slug, entry.publishDate]))
          expect(index.publishedUrlsDigest() !== digestBefore).toBe(urls(listBefore) !== urls(index.list()))
        }
      }),
      { numRuns: 300 },
    )
  })
})
