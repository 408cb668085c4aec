import { beforeAll, describe, expect, it } from 'vitest'
import { resolveRequestSchema } from '../../core/contract/sync-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, problemOf, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

describe('resolveRequestSchema', () => {
  it('takes a post by slug, or any file by path (a slug that is none falls back to the path), and the side kept', () => {
    expect(parseInput(resolveRequestSchema, { slug: 'a-post', keep: 'mine', other: 1 })).toEqual({ slug: 'a-post', keep: 'mine' })
    expect(parseInput(resolveRequestSchema, { path: 'content/site/pricing.yaml', keep: 'theirs' })).toEqual({ path: 'content/site/pricing.yaml', keep: 'theirs' })
    expect(parseInput(resolveRequestSchema, { slug: 'Not A Slug', path: 'content/x.yaml', keep: 'mine' })).toEqual({ path: 'content/x.yaml', keep: 'mine' })
    expect(parseInput(resolveRequestSchema, { slug: 'a', path: 'content/x.yaml', keep: 'mine' })).toEqual({ slug: 'a', keep: 'mine' })
  })

  it('asks for the file first, then the side', () => {
    for (const body of [null, [], {}, { keep: 'mine' }, { slug: 5, path: '', keep: 'x' }, { slug: '../x' }]) {
      expect(problemOf(resolveRequestSchema, body), JSON.stringify(body)).toEqual({ message: 'slug (a post) or path (a file) is required', field: 'slug' })
    }
    for (const keep of [undefined, 'both', 'MINE', 1, ['mine']]) {
      expect(problemOf(resolveRequestSchema, { slug: 'a-post', keep })).toEqual({ message: 'keep must be "mine" or "theirs"', field: 'keep' })
    }
  })

  it('answers a message of its own for every hostile value', () => {
    for (const value of HOSTILE_VALUES) {
      for (const body of [value, { slug: value, keep: 'mine' }, { path: value, keep: 'mine' }, { slug: 'a', keep: value }]) {
        const problem = problemOf(resolveRequestSchema, body)
        if (problem) expect(problem.message, labelOf(value)).not.toBe(ZOD_DEFAULT)
      }
    }
  })
})
