import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blobId } from '../../../server/git/blob-id.ts'
import { estimateLooseObjects, listLooseObjects, looseObjectPath } from '../../../server/git/store/loose-objects.ts'
import { runGit, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'

/*
 * Loose objects (loose-objects.ts) against git: the list is what `git count-objects` counts and
 * `git cat-file --batch-all-objects` names when nothing is packed, each at the path git reads it
 * from, and the estimate is exact for few objects and, past that, 256 times what git lists
 * under objects/17 (git gc --auto's own sample).
 */

let repo: ReturnType<typeof tempGitRepo>
const objectsDir = () => path.join(repo.gitdir, 'objects')

beforeAll(() => {
  repo = tempGitRepo()
})

afterAll(() => repo.remove())

/** Stores these texts as loose blobs, one git process for all of them. */
function hashObjects(texts: string[]): void {
  if (texts.length === 0) return
  const dir = path.join(repo.dir, 'texts')
  mkdirSync(dir, { recursive: true })
  const files = texts.map((text, i) => {
    const file = path.join(dir, String(i))
    writeFileSync(file, text)
    return `${file}\n`
  })
  runGit(['hash-object', '-w', '--stdin-paths'], { cwd: repo.dir, input: files.join(''), env: MAINTAINER_GIT_ENV })
}

const gitLoose = () => runGit(['cat-file', '--batch-all-objects', '--batch-check=%(objectname)'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\n').filter(Boolean).sort()
const gitCount = () => Number(/^count: (\d+)$/m.exec(runGit(['count-objects', '-v'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }))![1])

describe('loose objects', () => {
  it('lists and counts the loose objects git counts, at the paths git reads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.string({ maxLength: 20 }), { maxLength: 60 }), async (texts) => {
        hashObjects(texts)
        const listed = listLooseObjects(objectsDir())
        expect(listed.map((object) => object.oid).sort()).toEqual(gitLoose())
        expect(listed.length).toBe(gitCount())
        for (const object of listed) {
          expect(existsSync(looseObjectPath(objectsDir(), object.oid))).toBe(true)
          expect(object.mtimeMs).toBe(statSync(looseObjectPath(objectsDir(), object.oid)).mtimeMs)
        }
        expect((await estimateLooseObjects(objectsDir())).count).toBe(gitCount())
      }),
      { numRuns: 20 },
    )
  })

  it('estimates many objects from objects/17 as git gc --auto does, and lists none once packed', async () => {
    // Texts whose ids fall in objects/17, found without writing the 2,000 others a repository would hold.
    const texts: string[] = []
    for (let i = 0; texts.length < 9; i++) if (blobId(`object ${i}\n`).startsWith('17')) texts.push(`object ${i}\n`)
    hashObjects(texts)
    const inSample = gitLoose().filter((oid) => oid.startsWith('17')).length
    expect(inSample).toBeGreaterThanOrEqual(8)
    expect((await estimateLooseObjects(objectsDir())).count).toBe(inSample * 256)
    runGit(['pack-objects', '-q', path.join(objectsDir(), 'pack/pack')], { cwd: repo.dir, input: gitLoose().join('\n') + '\n', env: MAINTAINER_GIT_ENV })
    runGit(['prune-packed'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    expect(gitCount()).toBe(0)
    expect(listLooseObjects(objectsDir())).toEqual([])
    expect(await estimateLooseObjects(objectsDir())).toEqual({ count: 0, bytes: 0 })
  })
})
