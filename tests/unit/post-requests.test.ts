import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  commitParamsSchema,
  deletedRestoreRequestSchema,
  postIdParamSchema,
  postListQuerySchema,
  postSaveBodySchema,
  postSlugParamSchema,
  postVersionSchema,
  restoreRequestSchema,
} from '../../core/contract/post-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, notFoundOf, problemOf, withProtoKey, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

it('sees a message zod would make up (the mark the hostile-value checks look for)', () => {
  expect(problemOf(z.object({ a: z.string() }), {})?.message).toBe(ZOD_DEFAULT)
})

const valid = { title: 'T', slug: 'a-post', summary: 'S', content: '<p>x</p>' }
const version = 'a'.repeat(40)
const commit = 'b'.repeat(40)
const save = (body: unknown) => problemOf(postSaveBodySchema, body)

describe('postSaveBodySchema', () => {
  it('refuses anything but an object as a whole, at no field', () => {
    for (const body of [null, undefined, [], [valid], 'text', 5, true]) {
      expect(save(body), JSON.stringify(body)).toEqual({ message: 'The body must be a JSON object', field: undefined })
    }
  })

  it.each([
    ['title', undefined, 'title is required'],
    ['title', null, 'title is required'],
    ['title', 5, 'title must be a string'],
    ['title', ['T'], 'title must be a string'],
    ['title', { text: 'T' }, 'title must be a string'],
    ['title', '   ', 'title is required'],
    ['title', 'x'.repeat(201), 'title must be at most 200 characters'],
    ['title', 'two\nlines', 'title must be one line without control characters'],
    ['title', 'nul\u0000', 'title must be one line without control characters'],
    ['slug', undefined, 'slug is required'],
    ['slug', 7, 'slug must be a string'],
    ['slug', '', 'slug is required'],
    ['slug', 'x'.repeat(101), 'slug must be at most 100 characters'],
    ['slug', 'Bad Slug', 'slug must be lowercase letters and digits separated by single hyphens'],
    ['slug', 'a--b', 'slug must be lowercase letters and digits separated by single hyphens'],
    ['summary', null, 'summary is required'],
    ['summary', false, 'summary must be a string'],
    ['summary', '\r\n ', 'summary is required'],
    ['summary', 'x'.repeat(501), 'summary must be at most 500 characters'],
    ['summary', 'bell\u0007', 'summary must not contain control characters'],
    ['content', undefined, 'content is required'],
    ['content', 7, 'content must be a string'],
    ['content', ' \n ', 'content is required'],
    ['content', 'x'.repeat(2_000_001), 'content must be at most 2,000,000 characters'],
    ['publishDate', '2023-02-29', 'publishDate must be a real date written YYYY-MM-DD'],
    ['publishDate', 20250101, 'publishDate must be a real date written YYYY-MM-DD'],
    ['publishDate', '2025-1-1', 'publishDate must be a real date written YYYY-MM-DD'],
    ['isPublished', 1, 'isPublished must be true or false'],
    ['isPublished', 'true', 'isPublished must be true or false'],
    ['featuredImageUrl', 5, 'featuredImageUrl must be a string'],
    ['featuredImageUrl', `https://x.example/${'a'.repeat(2000)}`, 'featuredImageUrl must be at most 2000 characters'],
    ['featuredImageUrl', 'ftp://x', 'featuredImageUrl must be empty, an http(s) URL or a path starting with /'],
    ['featuredImageUrl', '//evil.example/x.png', 'featuredImageUrl must be empty, an http(s) URL or a path starting with /'],
    ['featuredImageUrl', 'javascript:alert(1)', 'featuredImageUrl must be empty, an http(s) URL or a path starting with /'],
    ['featuredImageAlt', 5, 'featuredImageAlt must be a string'],
    ['featuredImageAlt', 'a'.repeat(501), 'featuredImageAlt must be at most 500 characters'],
    ['featuredImageAlt', 'two\nlines', 'featuredImageAlt must be one line without control characters'],
    ['tags', 5, 'tags must be a list of tag names'],
    ['tags', { name: 'x' }, 'tags must be a list of tag names'],
    ['tags', [{ name: 'x' }], 'tags must be a list of tag names (text)'],
    ['tags', ['!!!'], 'tags must each have a letter or digit (a-z, 0-9): "!!!" has none'],
    ['tags', ['x'.repeat(41)], 'tags must each be at most 40 characters'],
    ['tags', Array.from({ length: 11 }, (_, i) => `t${i}`), 'tags must be at most 10'],
    ['tags', ','.repeat(2_400_000), 'tags must be at most 840 characters as one text'],
    ['tags', Array.from({ length: 100_000 }, () => ''), 'tags must list at most 20 names, repeats and blanks included'],
    ['inReview', 'yes', 'inReview must be true or false'],
    ['version', 42, 'version must be a string'],
    ['version', 'abc', 'version must be the version the edit started from'],
    ['version', 'A'.repeat(40), 'version must be the version the edit started from'],
  ])('refuses a wrong %s (case %#), at the field', (field, value, message) => {
    expect(save({ ...valid, [field]: value })).toEqual({ message, field })
  })

  it('answers the first wrong field in the order of SPEC §7 (title, slug, summary, content, …), then tags, inReview, version', () => {
    expect(save({ title: 5, slug: 'Bad', summary: null, content: 1 })?.message).toBe('title must be a string')
    expect(save({ ...valid, slug: 'Bad', isPublished: 1 })?.message).toMatch(/^slug /)
    expect(save({ ...valid, publishDate: 'x', version: 'abc' })?.message).toMatch(/^publishDate /)
    expect(save({ ...valid, tags: 5, inReview: 1, version: 1 })?.message).toMatch(/^tags /)
    expect(save({ ...valid, inReview: 1, version: 1 })?.message).toMatch(/^inReview /)
  })

  it('reads a valid body: text trimmed (content aside), LF line breaks in the summary, tags read, the version bare', () => {
    const read = parseInput(postSaveBodySchema, {
      ...valid,
      title: '  Spaced  ',
      summary: ' one\r\ntwo\rthree ',
      content: ' <p>x</p> ',
      featuredImageUrl: 'https://x.example/a.png',
      featuredImageAlt: '  A boat  ',
      tags: ' News , Apple  TV, apple-tv,, ',
      inReview: true,
      version: `W/"${version}"`,
    })
    expect(read).toMatchObject({ title: 'Spaced', summary: 'one\ntwo\nthree', content: ' <p>x</p> ', featuredImageAlt: 'A boat', tags: ['News', 'Apple TV'], inReview: true, version })
  })

  it('leaves out what the body leaves out or sends as null (the server fills it), and drops fields outside the contract', () => {
    const read = parseInput(postSaveBodySchema, { ...valid, publishDate: null, isPublished: null, tags: null, version: null, id: 'forged', author: 'mallory', isAdmin: true })
    expect(read).toEqual(valid)
    expect(read).not.toHaveProperty('id')
    expect(read).not.toHaveProperty('author')
    expect(parseInput(postSaveBodySchema, { ...valid, tags: '' }).tags).toEqual([])
    expect(parseInput(postSaveBodySchema, { ...valid, featuredImageAlt: '  ' }).featuredImageAlt).toBe('')
  })

  it('takes a __proto__ key as any unknown field: dropped, the prototype untouched', () => {
    const read = parseInput(postSaveBodySchema, withProtoKey(valid))
    expect(read).toEqual(valid)
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(save(withProtoKey({ slug: 'a', summary: 'S', content: '<p>x</p>' }))).toEqual({ message: 'title is required', field: 'title' })
  })

  it('answers a message of its own for every hostile value of every field', () => {
    for (const field of Object.keys(postSaveBodySchema.shape)) {
      for (const value of HOSTILE_VALUES) {
        const problem = save({ ...valid, [field]: value })
        if (problem) expect(problem.message, `${field} = ${labelOf(value)}`).not.toBe(ZOD_DEFAULT)
        if (problem) expect(problem.field).toBe(field)
      }
    }
  })
})

describe('postVersionSchema (a body version, an If-Match header)', () => {
  it('reads quoted, weak and bare forms; none for missing, null, empty or *', () => {
    for (const form of [`"${version}"`, `W/"${version}"`, version, ` ${version} `]) expect(parseInput(postVersionSchema, form)).toBe(version)
    for (const none of [undefined, null, '', '*']) expect(parseInput(postVersionSchema, none)).toBeUndefined()
  })

  it('refuses anything else', () => {
    expect(problemOf(postVersionSchema, '"nope"')?.message).toBe('version must be the version the edit started from')
    expect(problemOf(postVersionSchema, 42)?.message).toBe('version must be a string')
    expect(problemOf(postVersionSchema, [version])?.message).toBe('version must be a string')
  })
})

describe('restoreRequestSchema and deletedRestoreRequestSchema', () => {
  const commitMessage = 'commit must be a full commit id (40 hexadecimal characters)'

  it('takes a full commit id, in lowercase, and the version the admin saw', () => {
    expect(parseInput(restoreRequestSchema, { commit: commit.toUpperCase(), version: `"${version}"`, extra: 1 })).toEqual({ commit, version })
    expect(parseInput(restoreRequestSchema, { commit })).toEqual({ commit })
  })

  it('refuses a missing or short commit, and a body that is no object, at the commit', () => {
    for (const body of [{}, null, [], 'x', { commit: 'main' }, { commit: commit.slice(1) }, { commit: 5 }, { commit: [commit] }, { commit: `${commit}0` }]) {
      expect(problemOf(restoreRequestSchema, body), JSON.stringify(body)).toEqual({ message: commitMessage, field: 'commit' })
    }
    expect(problemOf(restoreRequestSchema, { commit, version: 'abc' })).toEqual({ message: 'version must be the version the edit started from', field: 'version' })
  })

  it('lets an undelete leave the commit out (its last version), but not send a wrong one', () => {
    for (const body of [{}, null, [], { other: 1 }]) expect(parseInput(deletedRestoreRequestSchema, body)).toEqual({})
    expect(parseInput(deletedRestoreRequestSchema, { commit })).toEqual({ commit })
    for (const wrong of [null, 'main', 5, [commit]]) expect(problemOf(deletedRestoreRequestSchema, { commit: wrong })).toEqual({ message: commitMessage, field: 'commit' })
  })

  it('reads the commit of a route (…/history/:commit) the same way', () => {
    expect(parseInput(commitParamsSchema, { id: 'abc', commit })).toEqual({ commit })
    expect(problemOf(commitParamsSchema, { id: 'abc', commit: 'HEAD' })).toEqual({ message: commitMessage, field: 'commit' })
    expect(problemOf(commitParamsSchema, {})).toEqual({ message: commitMessage, field: 'commit' })
  })
})

describe('route parameters that name a post', () => {
  it('{id}: short lowercase letters and digits, else "No post has this id" (a 404)', () => {
    expect(notFoundOf(postIdParamSchema, '5f2kq9x1')).toBeNull()
    for (const id of ['', 'ABC', 'a'.repeat(33), '../x', 'a b', undefined, 5, ['a']]) expect(notFoundOf(postIdParamSchema, id)).toBe('No post has this id')
  })

  it('the public {slug}: a slug, else "Post not found" (a 404)', () => {
    expect(notFoundOf(postSlugParamSchema, 'welcome-post')).toBeNull()
    for (const slug of ['', 'Welcome', 'a'.repeat(101), 'a--b', '-a', 'a/b', undefined, 5]) expect(notFoundOf(postSlugParamSchema, slug)).toBe('Post not found')
  })
})

describe('postListQuerySchema', () => {
  const list = (query: Record<string, unknown>) => problemOf(postListQuerySchema, query)

  it('reads every parameter; blank and "all" are no filter; others are ignored', () => {
    expect(parseInput(postListQuerySchema, { q: ' tips ', state: 'draft', tag: 'apple-tv', sort: 'title', page: '3', perPage: '50', other: 'x' })).toEqual({ q: 'tips', state: 'draft', tag: 'apple-tv', sort: 'title', page: 3, perPage: 50 })
    expect(parseInput(postListQuerySchema, { q: '  ', state: 'all', tag: '', sort: '' })).toEqual({})
    expect(parseInput(postListQuerySchema, Object.assign(Object.create(null) as object, { page: '2' }))).toEqual({ page: 2 })
  })

  it.each([
    [{ q: 'x'.repeat(201) }, 'q is too long (at most 200 characters)', 'q'],
    [{ state: 'secret' }, 'state must be one of all, published, scheduled, draft, in-review, out-of-sync', 'state'],
    [{ tag: 'Apple TV' }, "tag must be a tag's slug (lowercase letters and digits joined by hyphens)", 'tag'],
    [{ sort: 'id; drop' }, 'sort must be one of newest, oldest, title', 'sort'],
    [{ page: '0' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ page: '' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ page: '1e3' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ page: '01' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ page: '1000001' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ page: '99999999999999999999' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ perPage: '101' }, 'perPage must be a whole number from 1 to 100', 'perPage'],
    [{ q: ['a', 'b'] }, 'q may be given once', 'q'],
    [{ perPage: ['1', '2'] }, 'perPage may be given once', 'perPage'],
  ])('refuses a wrong query (case %#)', (query, message, field) => {
    expect(list(query)).toEqual({ message, field })
  })

  it('says a parameter given twice before any wrong value', () => {
    expect(list({ q: 'x'.repeat(201), state: 'bad', perPage: ['1', '2'] })).toEqual({ message: 'perPage may be given once', field: 'perPage' })
  })

  it('answers a message of its own for every hostile value of every parameter', () => {
    for (const name of ['q', 'state', 'tag', 'sort', 'page', 'perPage']) {
      for (const value of HOSTILE_VALUES) {
        const problem = list({ [name]: value })
        if (problem) expect(problem.message, `${name} = ${labelOf(value)}`).not.toBe(ZOD_DEFAULT)
      }
    }
    expect(list({ q: 5 })).toEqual({ message: 'q must be text', field: 'q' })
  })
})
