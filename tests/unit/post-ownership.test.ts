import { describe, expect, it } from 'vitest'
import { USERNAME_PATTERN } from '../../core/contract/account-fields.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { POST_AUTHOR_PATTERN } from '../../server/content/post-rules.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { ForbiddenError, PostFileError } from '../../server/lib/errors.ts'
import { listEntry, selectPosts, toCard } from '../../server/services/posts/admin-post-list.ts'
import { ensureMayChange, ensureMayPublish, mayChangePost, ownerOfNewPost, ownershipOf } from '../../server/services/posts/post-permissions.ts'

const FILE = 'a-post.html'

/** A canonical post file, with `extra` front matter lines after the SPEC fields. */
function postFile(extra = ''): string {
  return [
    '---',
    "id: abc123",
    'title: A post',
    'slug: a-post',
    'summary: Short.',
    "publishDate: '2025-10-01'",
    'isPublished: false',
    "featuredImageUrl: ''",
    ...(extra ? [extra] : []),
    '---',
    '<p>Hello.</p>',
    '',
  ].join('\n')
}

describe('a post file with an owner and a review mark', () => {
  it('reads both, and writes the same bytes back', () => {
    const text = postFile('author: alice\ninReview: true')
    const post = parsePostFile(text, FILE)
    expect(post.author).toBe('alice')
    expect(post.inReview).toBe(true)
    expect(serializePost(post)).toBe(text)
  })

  it('writes them after the SPEC fields and the alt text, in that order', () => {
    const post = parsePostFile(postFile("featuredImageAlt: A boat\ninReview: yes\nauthor: bob"), FILE)
    expect(serializePost(post)).toBe(postFile('featuredImageAlt: A boat\nauthor: bob\ninReview: true'))
  })

  it('a file without them has neither, and stays as it is', () => {
    const post = parsePostFile(postFile(), FILE)
    expect(post).not.toHaveProperty('author')
    expect(post).not.toHaveProperty('inReview')
    expect(serializePost(post)).toBe(postFile())
  })

  it('inReview: false or empty, and an empty author, count as left out', () => {
    for (const extra of ['inReview: false', 'inReview:', 'author:', "author: ''"]) {
      const post = parsePostFile(postFile(extra), FILE)
      expect(post, extra).not.toHaveProperty('inReview')
      expect(post, extra).not.toHaveProperty('author')
    }
  })

  it('a username that looks like a number or a boolean is quoted, and reads back as text', () => {
    for (const author of ['123', 'true', 'no']) {
      const post = parsePostFile(serializePost({ ...parsePostFile(postFile(), FILE), author }), FILE)
      expect(post.author).toBe(author)
    }
  })

  it('refuses an owner that is no username, and a review mark that is no boolean', () => {
    for (const extra of ['author: Alice Smith', 'author: ../x', 'author: [a, b]', `author: ${'a'.repeat(65)}`, 'author: {x: 1}']) {
      expect(() => parsePostFile(postFile(extra), FILE), extra).toThrow(PostFileError)
    }
    for (const extra of ['inReview: 1', 'inReview: maybe', 'inReview: [true]']) {
      expect(() => parsePostFile(postFile(extra), FILE), extra).toThrow(PostFileError)
    }
  })

  it('takes an owner only as the accounts file spells a username', () => {
    expect(POST_AUTHOR_PATTERN.source).toBe(USERNAME_PATTERN.source)
    expect(POST_AUTHOR_PATTERN.flags).toBe(USERNAME_PATTERN.flags)
  })
})

describe('who may change a post', () => {
  const alice = { username: 'alice', role: 'author' as const }
  const draft = { author: 'alice', isPublished: false }

  it('editors and admins: every post, owned or not, published or not', () => {
    for (const role of ['admin', 'editor'] as const) {
      const actor = { username: 'someone', role }
      for (const post of [draft, { author: 'bob', isPublished: true }, { isPublished: true }, { isPublished: false }]) {
        expect(mayChangePost(actor, post)).toBe(true)
      }
    }
  })

  it('an author: their own drafts only', () => {
    expect(mayChangePost(alice, draft)).toBe(true)
    expect(mayChangePost(alice, { author: 'alice', isPublished: true })).toBe(false)
    expect(mayChangePost(alice, { author: 'bob', isPublished: false })).toBe(false)
    expect(mayChangePost(alice, { isPublished: false })).toBe(false)
  })

  it('says why, as a 403', () => {
    expect(() => ensureMayChange(alice, { author: 'bob', isPublished: false }, 'delete')).toThrow(new ForbiddenError('Authors may delete only their own posts: ask an editor'))
    expect(() => ensureMayChange(alice, { author: 'alice', isPublished: true }, 'edit')).toThrow(/published: only editors and admins may edit it/)
    expect(() => ensureMayPublish(alice, { isPublished: true })).toThrow(/Authors cannot publish/)
    expect(() => ensureMayPublish(alice, { isPublished: false })).not.toThrow()
    expect(() => ensureMayPublish({ username: 'e', role: 'editor' }, { isPublished: true })).not.toThrow()
  })

  it('a call from inside the server (no actor) is never refused', () => {
    expect(() => ensureMayChange(undefined, { author: 'bob', isPublished: true }, 'edit')).not.toThrow()
    expect(() => ensureMayPublish(undefined, { isPublished: true })).not.toThrow()
  })
})

describe('the owner and mark a save writes', () => {
  it('keeps the owner, sets the mark as asked, and drops it once published', () => {
    expect(ownershipOf({ isPublished: false }, { author: 'alice', inReview: true })).toEqual({ author: 'alice', inReview: true })
    expect(ownershipOf({ isPublished: false }, { author: 'alice', inReview: false })).toEqual({ author: 'alice' })
    expect(ownershipOf({ isPublished: true }, { author: 'alice', inReview: true })).toEqual({ author: 'alice' })
    expect(ownershipOf({ isPublished: false }, { author: undefined, inReview: undefined })).toEqual({})
  })
})

describe('the owner of a new post', () => {
  it('is its creator when an author creates it, and nobody otherwise', () => {
    expect(ownerOfNewPost({ username: 'alice', role: 'author' })).toBe('alice')
    expect(ownerOfNewPost({ username: 'ed', role: 'editor' })).toBeUndefined()
    expect(ownerOfNewPost({ username: 'root', role: 'admin' })).toBeUndefined()
    expect(ownerOfNewPost(undefined)).toBeUndefined()
  })
})

describe('the admin list\'s In review filter', () => {
  it('finds the posts submitted for review and those on a review branch, and carries the owner on the card', () => {
    const post = { slug: 'a', title: 'A', summary: 'S', publishDate: '2025-01-01', isPublished: false, featuredImageUrl: '', version: '0'.repeat(40) }
    const submitted = toCard({ ...post, id: 'sub', slug: 'sub', author: 'alice', inReview: true })
    const branch = { ...toCard({ ...post, id: 'br', slug: 'br' }), review: { state: 'in-review' as const, branch: 'cms/br' } }
    const plain = toCard({ ...post, id: 'pl', slug: 'pl', author: 'bob' })
    expect(submitted).toMatchObject({ author: 'alice', inReview: true })
    expect(plain).not.toHaveProperty('inReview')
    const entries = [submitted, branch, plain].map((card) => listEntry(card, () => ''))
    expect(selectPosts(entries, { state: 'in-review' }, '2026-01-01').posts.map((card) => card.id)).toEqual(['sub', 'br'])
  })
})
