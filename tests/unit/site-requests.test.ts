import { beforeAll, describe, expect, it } from 'vitest'
import { siteFileNameParamSchema, sitePreviewBodySchema, siteRestoreSchema, siteSaveBodySchema } from '../../core/contract/site-requests.ts'
import { SITE_FILE_NAMES } from '../../core/site-content/index.ts'
import { parseInput, parseParam } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, notFoundOf, problemOf, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

const version = 'c'.repeat(40)

describe('siteFileNameParamSchema', () => {
  it('takes the name of each file of the site’s copy', () => {
    for (const name of SITE_FILE_NAMES) expect(parseParam(siteFileNameParamSchema, name)).toBe(name)
  })

  it('answers any other name as no page (a 404), quoting at most 40 characters of it', () => {
    expect(notFoundOf(siteFileNameParamSchema, 'nope')).toBe('No page of the site\'s copy is called "nope"')
    expect(notFoundOf(siteFileNameParamSchema, 'x'.repeat(100))).toBe(`No page of the site's copy is called "${'x'.repeat(40)}"`)
    for (const name of ['__proto__', 'constructor', 'toString', 'Pricing', '../pricing', '']) expect(notFoundOf(siteFileNameParamSchema, name)).toMatch(/^No page of the site's copy is called /)
  })
})

describe('siteSaveBodySchema', () => {
  it('takes the values (the file’s schema checks them) and the version, a blob id or null', () => {
    expect(parseInput(siteSaveBodySchema, { values: { title: 'x' }, version, other: 1 })).toEqual({ values: { title: 'x' }, version })
    expect(parseInput(siteSaveBodySchema, { values: 5, version: null })).toEqual({ values: 5, version: null })
  })

  it('refuses a body that is no object, and a version that is none, naming it', () => {
    for (const body of [null, [], 'x', 5]) expect(problemOf(siteSaveBodySchema, body)).toEqual({ message: 'The body must be { values, version }', field: undefined })
    for (const wrong of [undefined, 'abc', 5, version.toUpperCase(), [version]]) {
      expect(problemOf(siteSaveBodySchema, { values: {}, version: wrong })).toEqual({ message: 'version must be the version you started from (null for a new file)', field: 'version' })
    }
  })

  it('answers a message of its own for every hostile value', () => {
    for (const value of HOSTILE_VALUES) {
      for (const body of [value, { values: value, version }, { values: {}, version: value }]) {
        const problem = problemOf(siteSaveBodySchema, body)
        if (problem) expect(problem.message, labelOf(value)).not.toBe(ZOD_DEFAULT)
      }
    }
  })
})

describe('sitePreviewBodySchema', () => {
  it('takes the values, and refuses a body that is no object', () => {
    expect(parseInput(sitePreviewBodySchema, { values: { a: 1 }, version })).toEqual({ values: { a: 1 } })
    expect(parseInput(sitePreviewBodySchema, {})).toEqual({})
    for (const body of [null, [], 'x']) expect(problemOf(sitePreviewBodySchema, body)).toEqual({ message: 'The body must be { values }', field: undefined })
  })
})

describe('siteRestoreSchema', () => {
  it('takes the commit (its history checks it names one) and the version the admin has now', () => {
    expect(parseInput(siteRestoreSchema, { commit: 'abc', version: null })).toEqual({ commit: 'abc', version: null })
  })

  it.each([
    [null, 'The body must be { commit, version }', undefined],
    [[], 'The body must be { commit, version }', undefined],
    [{ version }, 'commit must be the id of the commit to restore', 'commit'],
    [{ commit: 5, version }, 'commit must be the id of the commit to restore', 'commit'],
    [{ commit: 'abc' }, 'version must be the version you have now (null for no file)', 'version'],
    [{ commit: 'abc', version: 'v1' }, 'version must be the version you have now (null for no file)', 'version'],
  ])('refuses a wrong body (case %#)', (body, message, field) => {
    expect(problemOf(siteRestoreSchema, body)).toEqual({ message, field })
  })

  it('answers a message of its own for every hostile value', () => {
    for (const value of HOSTILE_VALUES) {
      for (const body of [value, { commit: value, version }, { commit: 'abc', version: value }]) {
        const problem = problemOf(siteRestoreSchema, body)
        if (problem) expect(problem.message, labelOf(value)).not.toBe(ZOD_DEFAULT)
      }
    }
  })
})
