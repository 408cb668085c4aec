import { spawn } from 'node:child_process'
import * as fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository, type PackingOptions } from '../../server/git/content-repository.ts'
import type { PackStep } from '../../server/git/packing/auto-pack.ts'
import { gitResult, runGit } from '../support/git.ts'
import { waitFor } from '../support/wait-for.ts'
import { ADA, createTempRepo, GIT_ENV, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/*
 * Packing beside git's own (server/git/packing/git-gc-lock.ts, pack-listing.ts, pack-policy.ts):
 * git's gc lock taken and honoured, a `git repack` by hand during a run noticed before anything
 * is deleted, and packs holding the same objects merged, each checked with the git CLI.
 */

let repo: TempRepo
let repository: ContentRepository | undefined
const cleanups: (() => void)[] = []

afterEach(async () => {
  await repository?.close()
  repository = undefined
  for (const cleanup of cleanups.splice(0)) cleanup()
  repo?.remove()
})

/** Packing only when asked, or when the packs call for it. */
const MANUAL: PackingOptions = { looseObjects: Number.MAX_SAFE_INTEGER, looseBytes: Number.MAX_SAFE_INTEGER }

function posts(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`post-${i}.html`, post(`post-${i}`, `Body of post ${i}. `.repeat(20))]))
}

const logger = recordingLogger()

async function open(packing: PackingOptions = MANUAL): Promise<ContentRepository> {
  logger.lines.length = 0
  repository = await ContentRepository.open({ dir: repo.blogDir, logger, packing })
  return repository
}

const packDir = () => repo.file('.git/objects/pack')
const packs = () => fs.readdirSync(packDir()).filter((name) => name.endsWith('.pack')).sort()
const countObjects = () => Object.fromEntries(repo.git('count-objects', '-v').trim().split('\n').map((line) => line.split(': ')).map(([key, value]) => [key, Number(value)]))
const allObjectIds = () => repo.git('cat-file', '--batch-all-objects', '--batch-check=%(objectname)').trim().split('\n')

/** Each object once across the packs, every pack valid, the repository whole. */
function expectOneCopyOfEach(): void {
  let packed = 0
  for (const name of packs()) {
    const verified = repo.git('verify-pack', '-v', path.join(packDir(), name.replace(/\.pack$/, '.idx')))
    expect(verified).toMatch(/: ok\n$/)
    packed += verified.split('\n').filter((line) => /^[0-9a-f]{40} /.test(line)).length
  }
  expect(packed).toBe(allObjectIds().length)
  repo.git('fsck', '--full', '--strict', '--no-dangling')
}

/** A second pack holding every object there is, one of them new: git names packs by their objects. */
function packEverythingAgain(): void {
  runGit(['hash-object', '-w', '--stdin'], { cwd: repo.dir, env: GIT_ENV, input: 'an object no pack has yet\n' })
  runGit(['pack-objects', '-q', '.git/objects/pack/pack'], { cwd: repo.dir, env: GIT_ENV, input: allObjectIds().join('\n') + '\n' })
  repo.git('prune-packed')
}

describe('packing beside git', () => {
  it('merges two packs that hold the same objects into one, by itself at start', async () => {
    repo = createTempRepo({ posts: posts(20) })
    repo.git('repack', '-q', '-a', '-d')
    packEverythingAgain()
    expect(packs()).toHaveLength(2)

    await open()
    await waitFor(() => packs().length === 1 && logger.lines.some((line) => line.includes('Packed the repository')))
    await repository!.packingIdle()
    expect(countObjects()).toMatchObject({ count: 0, packs: 1 })
    expectOneCopyOfEach()
  })

  it('merges a small pack whose objects a pack twice its size holds too, which the sizes alone would keep', async () => {
    repo = createTempRepo({ posts: posts(5) })
    repo.git('repack', '-q', '-a', '-d')
    const first = packs()
    for (let i = 0; i < 12; i++) {
      repo.write(`content/blog/post-${i % 5}.html`, post(`post-${i % 5}`, `Maintainer edit ${i}`))
      repo.git('commit', '-q', '-am', `maintainer edit ${i}`)
    }
    // Everything again, the first pack's objects included, at more than twice its size.
    runGit(['pack-objects', '-q', '.git/objects/pack/pack'], { cwd: repo.dir, env: GIT_ENV, input: allObjectIds().join('\n') + '\n' })
    repo.git('prune-packed')
    expect(packs()).toHaveLength(2)
    expect(packs()).toEqual(expect.arrayContaining(first))

    await open()
    await waitFor(() => packs().length === 1 && !packs().includes(first[0]!))
    await repository!.packingIdle()
    expectOneCopyOfEach()
  })

  it("holds git gc's lock for the whole run: a git gc by hand meanwhile leaves the repository alone", async () => {
    repo = createTempRepo({ posts: posts(30) })
    const seen: { gc: ReturnType<typeof gitResult>; holder: string }[] = []
    await open({
      ...MANUAL,
      onStep: (step: PackStep) => {
        if (step !== 'built') return
        const holder = fs.readFileSync(repo.file('.git/gc.pid'), 'utf8')
        seen.push({ gc: gitResult(['gc', '-q'], { cwd: repo.dir, env: GIT_ENV }), holder })
      },
    })
    const report = await repository!.pack()

    expect(report).toMatchObject({ pack: expect.stringMatching(/^pack-/) })
    expect(seen[0]!.holder).toBe(`${process.pid} ${os.hostname()}`)
    expect(seen[0]!.gc.status).not.toBe(0)
    expect(seen[0]!.gc.stderr).toMatch(/gc is already running/)
    expect(fs.existsSync(repo.file('.git/gc.pid'))).toBe(false)
    expect(countObjects()).toMatchObject({ count: 0, packs: 1 })
    expectOneCopyOfEach()
  })

  it('notices a git repack by hand during a run: installs and deletes nothing, and the next run leaves one copy of each object', async () => {
    repo = createTempRepo({ posts: posts(30) })
    let repacked = false
    await open({
      ...MANUAL,
      onStep: (step: PackStep) => {
        if (step !== 'built' || repacked) return
        repacked = true
        // git repack takes no lock: the race git's auto gc and a run of ours would have.
        repo.git('repack', '-q', '-d')
      },
    })
    const gitsPack = await (async () => {
      const report = await repository!.pack()
      expect(report?.abandoned).toMatch(/appeared/)
      return packs()
    })()
    expect(gitsPack).toHaveLength(1)
    expect(fs.readdirSync(repo.file('.git/watchio-tmp')).filter((name) => /pack|idx/.test(name))).toEqual([])
    expect(logger.lines.some((line) => line.includes('Packing waits: the packs changed'))).toBe(true)
    expectOneCopyOfEach()

    // Saves, then a run: one pack again beside git's, never a second copy.
    for (let i = 0; i < 3; i++) {
      await repository!.commitFiles({ changes: [{ path: repo.file(`content/blog/post-${i}.html`), content: post(`post-${i}`, `Saved ${i}`) }], message: `save ${i}`, author: ADA })
    }
    expect(await repository!.pack()).toMatchObject({ pack: expect.stringMatching(/^pack-/) })
    expect(countObjects()).toMatchObject({ count: 0 })
    expectOneCopyOfEach()
  })

  it('waits while a running git gc holds the lock or git writes a pack, and packs once they are done; a dead holder is no holder', async () => {
    repo = createTempRepo({ posts: posts(10) })
    const sleeper = spawn('sleep', ['60'])
    cleanups.push(() => sleeper.kill())
    fs.writeFileSync(repo.file('.git/gc.pid'), `${sleeper.pid} ${os.hostname()}`)
    await open()

    expect(await repository!.pack()).toBeNull()
    expect(logger.lines.some((line) => /Packing waits: git gc is running/.test(line))).toBe(true)
    expect(packs()).toEqual([])

    sleeper.kill()
    await new Promise((resolve) => sleeper.once('exit', resolve))
    // The process named in gc.pid is gone: git would take the lock, and so does a run.
    fs.writeFileSync(path.join(packDir(), '.tmp-4242-pack-0123.pack'), '')
    expect(await repository!.pack()).toBeNull()
    expect(logger.lines.some((line) => /git is writing a pack \(\.tmp-4242-pack-0123\.pack\)/.test(line))).toBe(true)

    fs.rmSync(path.join(packDir(), '.tmp-4242-pack-0123.pack'))
    expect(await repository!.pack()).toMatchObject({ pack: expect.stringMatching(/^pack-/) })
    expect(fs.existsSync(repo.file('.git/gc.pid'))).toBe(false)
    expectOneCopyOfEach()
  })

  it('removes a gc.pid.lock that a process killed while taking the lock left, and packs at the next try; a live one it leaves', async () => {
    repo = createTempRepo({ posts: posts(10) })
    const lockFile = repo.file('.git/gc.pid.lock')
    const sleeper = spawn('sleep', ['60'])
    cleanups.push(() => sleeper.kill())
    fs.writeFileSync(lockFile, `${sleeper.pid} ${os.hostname()}`)
    await open()

    // A git taking the lock this instant: left alone.
    expect(await repository!.pack()).toBeNull()
    expect(fs.existsSync(lockFile)).toBe(true)

    sleeper.kill()
    await new Promise((resolve) => sleeper.once('exit', resolve))
    // Its taker is dead: the lock file is removed, and the next run takes the lock.
    expect(await repository!.pack()).toBeNull()
    expect(fs.existsSync(lockFile)).toBe(false)
    expect(await repository!.pack()).toMatchObject({ pack: expect.stringMatching(/^pack-/) })

    // Empty: killed before it wrote its line. Fresh, it may be a taker about to write; old, it is abandoned.
    fs.writeFileSync(lockFile, '')
    expect(await repository!.pack()).toBeNull()
    expect(fs.existsSync(lockFile)).toBe(true)
    const longAgo = new Date(fs.statSync(lockFile).mtimeMs - 5 * 60 * 1000)
    fs.utimesSync(lockFile, longAgo, longAgo)
    expect(await repository!.pack()).toBeNull()
    expect(fs.existsSync(lockFile)).toBe(false)
    expect(fs.existsSync(repo.file('.git/gc.pid'))).toBe(false)
    expectOneCopyOfEach()
  })
})
