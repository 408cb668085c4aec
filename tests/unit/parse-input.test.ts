import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { parseInput, parseParam } from '../../server/lib/parse-input.ts'

const schema = z.object({ title: z.string('Title is required').min(1, 'Title is required'), tags: z.array(z.string('Each tag must be text')).optional() })

describe('parseInput', () => {
  it('returns the typed value of a valid input', () => {
    expect(parseInput(schema, { title: 'Hello', tags: ['a'] })).toEqual({ title: 'Hello', tags: ['a'] })
  })

  it("throws the first issue's message at its field", () => {
    const error = (() => { try { parseInput(schema, { title: 'x', tags: ['a', 2] }) } catch (e) { return e } })()
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).message).toBe('Each tag must be text')
    expect((error as InvalidInputError).field).toBe('tags.1')
  })

  it('has no field for an issue with the whole value', () => {
    expect(() => parseInput(schema, null)).toThrow(InvalidInputError)
    try { parseInput(schema, null) } catch (e) { expect((e as InvalidInputError).field).toBeUndefined() }
  })
})

describe('parseParam', () => {
  const id = z.string('No post has this id').regex(/^[a-z0-9]{1,32}$/, 'No post has this id')

  it('returns the typed value of a parameter that can name something', () => {
    expect(parseParam(id, 'abc123')).toBe('abc123')
  })

  it("answers one that cannot as one that names nothing: a 404 with the schema's message", () => {
    for (const value of ['../etc', '', undefined, 5]) {
      const error = (() => { try { parseParam(id, value) } catch (e) { return e } })()
      expect(error).toBeInstanceOf(NotFoundError)
      expect((error as NotFoundError).message).toBe('No post has this id')
    }
  })
})
