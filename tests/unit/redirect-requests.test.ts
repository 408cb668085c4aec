import { beforeAll, describe, expect, it } from 'vitest'
import { redirectAddBodySchema, redirectRemoveQuerySchema } from '../../core/contract/redirect-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, problemOf, withProtoKey, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

describe('redirectAddBodySchema', () => {
  it('takes two site paths, trimmed; other fields are dropped', () => {
    expect(parseInput(redirectAddBodySchema, { from: ' /old/ ', to: '/blog/new', other: 1 })).toEqual({ from: '/old/', to: '/blog/new' })
    expect(parseInput(redirectAddBodySchema, withProtoKey({ from: '/a', to: '/b' }))).toEqual({ from: '/a', to: '/b' })
  })

  it.each([
    [{ to: '/b' }, 'from is required', 'from'],
    [{ from: 5, to: '/b' }, 'from is required', 'from'],
    [{ from: '   ', to: '/b' }, 'from is required', 'from'],
    [{ from: '/a' }, 'to is required', 'to'],
    [{ from: '/a', to: ['/b'] }, 'to is required', 'to'],
    [{ from: 'old', to: '/b' }, 'from must be a path on this site, starting with /', 'from'],
    [{ from: '/a', to: '//evil.example' }, 'to must be a path on this site (it starts with //, another site)', 'to'],
    [{ from: '/', to: '/b' }, 'from may not be the home page', 'from'],
    [{ from: '/a b', to: '/b' }, "from may hold only letters, digits and - . _ ~ ! & ' ( ) + , ; = @ between slashes (no space, *, :, ?, #, %, $ or \\)", 'from'],
    [{ from: '/a/*', to: '/b' }, 'from may not hold "*": a redirect\'s paths are plain paths (static hosts read * and : as patterns)', 'from'],
    [{ from: '/a/../b', to: '/b' }, 'from may not have . or .. as a segment', 'from'],
    [{ from: '/API/x', to: '/b' }, "from may not be under /api (the site's own)", 'from'],
    [{ from: `/${'a'.repeat(500)}`, to: '/b' }, 'from is longer than 500 characters', 'from'],
  ])('refuses a wrong body (case %#)', (body, message, field) => {
    expect(problemOf(redirectAddBodySchema, body)).toEqual({ message, field })
  })

  it('reads a body that is no object as one with no fields', () => {
    for (const body of [null, undefined, [], 'x', 5]) expect(problemOf(redirectAddBodySchema, body)).toEqual({ message: 'from is required', field: 'from' })
  })

  it('answers a message of its own for every hostile value', () => {
    for (const value of HOSTILE_VALUES) {
      for (const body of [{ from: value, to: '/b' }, { from: '/a', to: value }]) {
        const problem = problemOf(redirectAddBodySchema, body)
        if (problem) expect(problem.message, labelOf(value)).not.toBe(ZOD_DEFAULT)
      }
    }
  })
})

describe('redirectRemoveQuerySchema', () => {
  it('takes ?from=, as sent', () => {
    expect(parseInput(redirectRemoveQuerySchema, { from: '/old/', other: 'x' })).toEqual({ from: '/old/' })
  })

  it('refuses none, an empty one or one given twice', () => {
    for (const query of [{}, { from: '' }, { from: ['/a', '/b'] }, { from: 5 }]) {
      expect(problemOf(redirectRemoveQuerySchema, query)).toEqual({ message: 'from (the redirected path) is required', field: 'from' })
    }
  })
})
