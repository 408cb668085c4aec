import { describe, expect, it } from 'vitest'
import { bodyLimitOf, MAX_BODY_BYTES, MAX_BODY_DEPTH, MAX_POST_BODY_BYTES, MAX_SITE_BODY_BYTES, parseJsonText } from '../../server/http/json-body.ts'
import { isJsonDeeperThan } from '../../server/http/json-depth.ts'
import { MAX_CONTENT_LENGTH } from '../../core/contract/index.ts'

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels)

describe('isJsonDeeperThan', () => {
  it('counts arrays and objects alike, up to the limit and one past it', () => {
    expect(isJsonDeeperThan(nested(3), 3)).toBe(false)
    expect(isJsonDeeperThan(nested(4), 3)).toBe(true)
    expect(isJsonDeeperThan('{"a":{"b":{"c":1}}}', 3)).toBe(false)
    expect(isJsonDeeperThan('{"a":{"b":{"c":[1]}}}', 3)).toBe(true)
    expect(isJsonDeeperThan('[{"a":[{}]}]', 4)).toBe(false)
    expect(isJsonDeeperThan('[{"a":[{}]}]', 3)).toBe(true)
  })

  it('counts depth, not how many: siblings side by side stay at their level', () => {
    expect(isJsonDeeperThan(`[${Array.from({ length: 10_000 }, () => '[[]]').join(',')}]`, 3)).toBe(false)
    expect(isJsonDeeperThan('[[1],[2],{"a":[3]},[[4]]]', 3)).toBe(false)
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(isJsonDeeperThan(JSON.stringify({ content: '[[[[{{{{' }), 1)).toBe(false)
    expect(isJsonDeeperThan(JSON.stringify(['a "quoted" [[[[ text', '\\', '[[[[']), 1)).toBe(false)
    expect(isJsonDeeperThan(JSON.stringify({ content: '\\"[[[[' }), 1)).toBe(false)
    // The string ends after an escaped backslash: the brackets after it count.
    expect(isJsonDeeperThan('["\\\\",[[]]]', 2)).toBe(true)
  })

  it('answers for unclosed text as far as it goes (JSON.parse refuses it next)', () => {
    expect(isJsonDeeperThan('['.repeat(5_000_000), MAX_BODY_DEPTH)).toBe(true)
    expect(isJsonDeeperThan('{"a":'.repeat(100), MAX_BODY_DEPTH)).toBe(true)
    expect(isJsonDeeperThan('["[[[[[[', 2)).toBe(false)
  })

  it('takes what JSON.stringify writes of any value at its real depth', () => {
    let value: unknown = 'leaf'
    for (let depth = 1; depth <= 40; depth++) {
      value = depth % 2 === 0 ? [value, '[', ']'] : { '{key}': value, text: '"{[' }
      const text = JSON.stringify(value)
      expect(isJsonDeeperThan(text, depth)).toBe(false)
      expect(isJsonDeeperThan(text, depth - 1)).toBe(true)
    }
  })
})

describe('parseJsonText', () => {
  it('reads an object or array; an empty body is {}', () => {
    expect(parseJsonText('{"title":"x","tags":["a"]}')).toEqual({ title: 'x', tags: ['a'] })
    expect(parseJsonText(' \n[1,2]')).toEqual([1, 2])
    expect(parseJsonText('')).toEqual({})
  })

  it(`refuses nesting past ${MAX_BODY_DEPTH} levels before parsing, with a short message`, () => {
    expect(parseJsonText(nested(MAX_BODY_DEPTH))).toEqual(expect.any(Array))
    expect(() => parseJsonText(nested(MAX_BODY_DEPTH + 1))).toThrow(`The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`)
    expect(() => parseJsonText('['.repeat(4_800_000))).toThrow(/more than 32 levels deep/)
    expect(() => parseJsonText(`{"username":"a","password":"b","x":${nested(100, '{"a":', '}')}}`)).toThrow(/levels deep/)
  })

  it('refuses what is not JSON, a top-level value that is not an object or array, and a __proto__ key', () => {
    for (const text of ['{"title": ', '{title: 1}', '"just a string"', '42', 'null', '{"__proto__": {"polluted": true}}', '{"a": [{"\\u005f_proto__": 1}]}']) {
      expect(() => parseJsonText(text), text).toThrow('The body is not valid JSON')
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('bodyLimitOf', () => {
  it('gives a post (create, update, preview) room for its largest content, and a page of the site copy its own', () => {
    expect(MAX_POST_BODY_BYTES).toBe(3 * MAX_CONTENT_LENGTH + 64 * 1024)
    expect(bodyLimitOf({ method: 'POST', path: '/api/admin/blog/posts' })).toBe(MAX_POST_BODY_BYTES)
    expect(bodyLimitOf({ method: 'PUT', path: '/api/admin/blog/posts/5f2kq9x1' })).toBe(MAX_POST_BODY_BYTES)
    expect(bodyLimitOf({ method: 'POST', path: '/api/admin/blog/preview' })).toBe(MAX_POST_BODY_BYTES)
    expect(bodyLimitOf({ method: 'PUT', path: '/api/admin/site/pages/legal' })).toBe(MAX_SITE_BODY_BYTES)
    expect(bodyLimitOf({ method: 'POST', path: '/api/admin/site/pages/legal/preview' })).toBe(MAX_SITE_BODY_BYTES)
  })

  // Paths reach it canonical (canonical-path.ts), and nobody's never reach it under /api/admin:
  // tests/api/request-limits.test.ts holds both.
  it(`gives every other call ${MAX_BODY_BYTES} bytes`, () => {
    for (const [method, path] of [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/passkey/verify'],
      ['POST', '/api/admin/redirects'],
      ['POST', '/api/admin/blog/posts/5f2kq9x1/restore'],
      ['POST', '/api/admin/site/pages/legal/restore'],
      ['PUT', '/api/admin/blog/posts'],
      ['POST', '/api/admin/blog/posts/x/y'],
    ] as const) {
      expect(bodyLimitOf({ method, path }), `${method} ${path}`).toBe(MAX_BODY_BYTES)
    }
    // Not the contract's spelling: no route, and no larger room either.
    expect(bodyLimitOf({ method: 'POST', path: '/API/Admin/blog/preview/' })).toBe(MAX_BODY_BYTES)
  })
})
