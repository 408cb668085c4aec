import { beforeAll, describe, expect, it } from 'vitest'
import { mediaIdParamSchema, mediaListQuerySchema, mediaUploadFieldsSchema } from '../../core/contract/media-requests.ts'
import { parseInput, parseParam } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, notFoundOf, problemOf, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

describe('mediaListQuerySchema', () => {
  it('reads q (trimmed, blank is none), page and perPage; others are ignored', () => {
    expect(parseInput(mediaListQuerySchema, { q: ' beach ', page: '2', perPage: '10', other: 'x' })).toEqual({ q: 'beach', page: 2, perPage: 10 })
    expect(parseInput(mediaListQuerySchema, { q: '   ' })).toEqual({})
  })

  it('reads kind: one of the library’s kinds, all of them without it', () => {
    for (const kind of ['image', 'video', 'audio', 'captions']) expect(parseInput(mediaListQuerySchema, { kind })).toEqual({ kind })
    expect(parseInput(mediaListQuerySchema, {})).toEqual({})
  })

  it.each([
    [{ q: 'x'.repeat(201) }, 'q is too long (at most 200 characters)', 'q'],
    [{ page: '0' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ page: '1e3' }, 'page must be a whole number from 1 to 1000000', 'page'],
    [{ perPage: '101' }, 'perPage must be a whole number from 1 to 100', 'perPage'],
    [{ page: ['1', '2'] }, 'page may be given once', 'page'],
    [{ q: ['a', 'b'] }, 'q may be given once', 'q'],
    [{ kind: 'pdf' }, 'kind must be one of image, video, audio, captions', 'kind'],
    [{ kind: 'Video' }, 'kind must be one of image, video, audio, captions', 'kind'],
    [{ kind: ['video', 'audio'] }, 'kind may be given once', 'kind'],
  ])('refuses a wrong query (case %#)', (query, message, field) => {
    expect(problemOf(mediaListQuerySchema, query)).toEqual({ message, field })
  })

  it('reads the parameters in order, each whole before the next', () => {
    expect(problemOf(mediaListQuerySchema, { q: 'x'.repeat(201), page: ['1', '2'] })?.message).toBe('q is too long (at most 200 characters)')
  })

  it('answers a message of its own for every hostile value', () => {
    for (const name of ['q', 'page', 'perPage', 'kind']) {
      for (const value of HOSTILE_VALUES) {
        const problem = problemOf(mediaListQuerySchema, { [name]: value })
        if (problem) expect(problem.message, `${name} = ${labelOf(value)}`).not.toBe(ZOD_DEFAULT)
      }
    }
  })
})

describe('mediaUploadFieldsSchema', () => {
  it('takes the alt text, none by default, and ignores other fields', () => {
    expect(parseInput(mediaUploadFieldsSchema, { alt: 'A red boat', other: 'x' })).toEqual({ alt: 'A red boat' })
    expect(parseInput(mediaUploadFieldsSchema, {})).toEqual({ alt: '' })
    expect(parseInput(mediaUploadFieldsSchema, { alt: 'a'.repeat(500) }).alt).toHaveLength(500)
  })

  it('refuses an alt text past 500 characters, at alt', () => {
    expect(problemOf(mediaUploadFieldsSchema, { alt: 'a'.repeat(501) })).toEqual({ message: 'alt is too long (at most 500 characters)', field: 'alt' })
    for (const value of HOSTILE_VALUES) {
      const problem = problemOf(mediaUploadFieldsSchema, { alt: value })
      if (problem) expect(problem.message, labelOf(value)).not.toBe(ZOD_DEFAULT)
    }
  })
})

describe('mediaIdParamSchema', () => {
  it('takes the id, the file name or <year>/<file> (URL-encoded), as the id', () => {
    expect(parseParam(mediaIdParamSchema, '3f9a2c1b5e')).toBe('3f9a2c1b5e')
    expect(parseParam(mediaIdParamSchema, 'holiday-3f9a2c1b5e-1600x1067.jpg')).toBe('3f9a2c1b5e')
    expect(parseParam(mediaIdParamSchema, '2025%2Fholiday-3f9a2c1b5e-1600x1067.jpg')).toBe('3f9a2c1b5e')
  })

  it('answers anything else as no image (a 404)', () => {
    for (const param of ['', '3F9A2C1B5E', '../../etc/passwd', '%E0%A4%A', 'holiday.jpg', '2025%2F..%2Fx-3f9a2c1b5e-1x1.jpg', 'x'.repeat(100_000), undefined, 5, ['3f9a2c1b5e']]) {
      expect(notFoundOf(mediaIdParamSchema, param), labelOf(param)).toBe('No image in the library has this id')
    }
  })
})
