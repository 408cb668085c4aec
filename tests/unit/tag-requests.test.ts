import { beforeAll, describe, expect, it } from 'vitest'
import { tagRenameBodySchema } from '../../core/contract/tag-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, problemOf, withProtoKey, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

describe('tagRenameBodySchema', () => {
  it('takes from as sent and to as a tag name is read (trimmed, inner spaces single)', () => {
    expect(parseInput(tagRenameBodySchema, { from: 'Apple TV', to: '  tv  OS ', other: 1 })).toEqual({ from: 'Apple TV', to: 'tv OS' })
    expect(parseInput(tagRenameBodySchema, { from: 'apple-tv', to: ['tvOS'] })).toEqual({ from: 'apple-tv', to: 'tvOS' })
    expect(parseInput(tagRenameBodySchema, withProtoKey({ from: 'a', to: 'b' }))).toEqual({ from: 'a', to: 'b' })
  })

  it.each([
    [{ to: 'b' }, 'from must name a tag', 'from'],
    [{ from: 5, to: 'b' }, 'from must name a tag', 'from'],
    [{ from: '!!!', to: 'b' }, 'from must name a tag', 'from'],
    [{ from: 'x'.repeat(41), to: 'b' }, 'from must name a tag', 'from'],
    [{ from: 'a' }, 'to must be one tag name', 'to'],
    [{ from: 'a', to: '' }, 'to must be one tag name', 'to'],
    [{ from: 'a', to: ['b', 'c'] }, 'to must be one tag name', 'to'],
    [{ from: 'a', to: 5 }, 'to must be a list of tag names', 'to'],
    [{ from: 'a', to: [5n] }, 'to must be a list of tag names (text)', 'to'],
    [{ from: 'a', to: 'x'.repeat(41) }, 'to must be at most 40 characters', 'to'],
    [{ from: 'a', to: 'a\u0001b' }, 'to must be one line without control characters', 'to'],
    [{ from: 'a', to: '***' }, 'to must have a letter or digit (a-z, 0-9): "***" has none', 'to'],
  ])('refuses a wrong body (case %#)', (body, message, field) => {
    expect(problemOf(tagRenameBodySchema, body)).toEqual({ message, field })
  })

  it('reads a body that is no object as one with no fields', () => {
    for (const body of [null, undefined, [], ['a', 'b'], 'a', 5]) expect(problemOf(tagRenameBodySchema, body)).toEqual({ message: 'from must name a tag', field: 'from' })
  })

  it('answers a message of its own for every hostile value', () => {
    for (const value of HOSTILE_VALUES) {
      for (const body of [{ from: value, to: 'b' }, { from: 'a', to: value }]) {
        const problem = problemOf(tagRenameBodySchema, body)
        if (problem) expect(problem.message, labelOf(value)).not.toBe(ZOD_DEFAULT)
      }
    }
  })
})
