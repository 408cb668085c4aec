import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeDelta } from '../../../server/git/formats/delta.ts'
import { TYPE_CODES, type ObjectType } from '../../../server/git/formats/pack-format.ts'
import { installPack, PackWriter } from '../../../server/git/store/pack-writer.ts'
import { gitObjects, runGit, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { objectsOfEveryType, relatedContentsArb, writeBlobs } from './git-packs.ts'
import { treeArb, writeTrees } from './random-trees.ts'

/*
 * Packs PackWriter writes, installed with installPack, against git: `git verify-pack` accepts
 * them, `git index-pack` makes the same .idx and the same name, `git fsck --strict` passes, and
 * git reads every object back, whole or stored as a delta of any earlier object of its type.
 */

/** Writes every object of `objects` into a new pack in `order`; `choices` pick bases. */
function writePack(tempDir: string, objects: Map<string, { type: string; content: Buffer }>, order: string[], choices: number[]) {
  const writer = new PackWriter({ tempDir, count: order.length })
  const written: { oid: string; type: string; offset: number }[] = []
  let deltas = 0
  order.forEach((oid, i) => {
    const { type, content } = objects.get(oid)!
    const candidates = written.filter((entry) => entry.type === type)
    const choice = choices[i % choices.length]!
    const base = candidates.length > 0 && choice % 3 !== 0 ? candidates[choice % candidates.length]! : null
    const delta = base && encodeDelta(objects.get(base.oid)!.content, content, content.length)
    const id = Buffer.from(oid, 'hex')
    const offset = delta ? writer.addDelta(id, delta, base!.offset) : writer.addWhole(id, TYPE_CODES[type as ObjectType], content)
    if (delta) deltas++
    written.push({ oid, type, offset })
  })
  return { pack: writer.finish(), deltas }
}

describe('PackWriter', () => {
  it('writes packs of whole objects and deltas that git verifies, indexes the same way and reads back', async () => {
    await fc.assert(
      fc.asyncProperty(relatedContentsArb, fc.array(treeArb, { maxLength: 2 }), fc.array(fc.nat(), { minLength: 1, maxLength: 64 }), async (contents, trees, choices) => {
        const source = tempGitRepo()
        const target = tempGitRepo()
        try {
          objectsOfEveryType(source.dir)
          writeBlobs(source.dir, contents)
          writeTrees(source.dir, trees)
          const objects = gitObjects(source.dir)
          // Shuffled by the choices.
          const rank = (oid: string) => choices[Number.parseInt(oid.slice(0, 6), 16) % choices.length]!
          const order = [...objects.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
          const { pack, deltas } = writePack(path.join(target.gitdir, 'watchio-tmp'), objects, order, choices)
          expect(pack.count).toBe(order.length)
          const packDir = path.join(target.gitdir, 'objects/pack')
          const steps: string[] = []
          await installPack(pack, packDir, async (step) => void steps.push(step))
          expect(steps).toEqual(['pack-renamed', 'index-renamed'])

          const idx = path.join(packDir, `${pack.name}.idx`)
          const verified = runGit(['verify-pack', '-v', idx], { cwd: target.dir, env: MAINTAINER_GIT_ENV })
          expect(verified).toMatch(/: ok\n$/)
          expect(verified.split('\n').filter((line) => / [0-9a-f]{40}$/.test(line))).toHaveLength(deltas)
          const theirs = path.join(target.dir, 'theirs.idx')
          const name = runGit(['index-pack', '-o', theirs, path.join(packDir, `${pack.name}.pack`)], { cwd: target.dir, env: MAINTAINER_GIT_ENV }).trim()
          expect(`pack-${name}`).toBe(pack.name)
          expect(readFileSync(theirs).equals(readFileSync(idx))).toBe(true)
          runGit(['fsck', '--strict', '--no-dangling'], { cwd: target.dir, env: MAINTAINER_GIT_ENV })
          const read = gitObjects(target.dir)
          expect(read.size).toBe(objects.size)
          for (const [oid, object] of objects) {
            expect(read.get(oid)?.type, oid).toBe(object.type)
            expect(read.get(oid)!.content.equals(object.content), oid).toBe(true)
          }
        } finally {
          source.remove()
          target.remove()
        }
      }),
      { numRuns: 10, endOnFailure: true },
    )
  })

  it('leaves nothing behind when aborted', () => {
    const target = tempGitRepo()
    try {
      const tempDir = path.join(target.gitdir, 'watchio-tmp')
      const writer = new PackWriter({ tempDir, count: 1 })
      writer.addWhole(Buffer.alloc(20, 1), TYPE_CODES.blob, Buffer.from('x'))
      writer.abort()
      expect(runGit(['count-objects', '-v'], { cwd: target.dir, env: MAINTAINER_GIT_ENV })).toMatch(/^packs: 0$/m)
      expect(readdirSync(tempDir)).toEqual([])
    } finally {
      target.remove()
    }
  })
})

