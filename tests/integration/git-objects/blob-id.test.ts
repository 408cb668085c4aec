import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blobId } from '../../../server/git/blob-id.ts'
import { runGit, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'

/* blobId against `git hash-object`: for any bytes, and for any text as its UTF-8 bytes. */

let repo: ReturnType<typeof tempGitRepo>

beforeAll(() => {
  repo = tempGitRepo()
})

afterAll(() => repo.remove())

const hashObject = (bytes: Uint8Array) => runGit(['hash-object', '--stdin'], { cwd: repo.dir, input: bytes, env: MAINTAINER_GIT_ENV }).trim()

describe('blobId', () => {
  it('is the id git hash-object gives the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        expect(blobId(bytes)).toBe(hashObject(bytes))
      }),
      { numRuns: 30 },
    )
  })

  it('hashes a text as its UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(blobId(text)).toBe(hashObject(Buffer.from(text, 'utf8')))
        expect(blobId(text)).toBe(blobId(Buffer.from(text, 'utf8')))
      }),
      { numRuns: 30 },
    )
  })

  it('agrees on the empty blob and on a large one', () => {
    expect(blobId('')).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391')
    const large = Buffer.alloc(3 * 1024 * 1024 + 5, 'post body ')
    expect(blobId(large)).toBe(hashObject(large))
  })
})
