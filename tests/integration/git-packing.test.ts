import * as fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import git from 'isomorphic-git'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository, type PackingOptions } from '../../server/git/content-repository.ts'
import { ObjectReader } from '../../server/git/store/object-reader.ts'
import { PackWorker } from '../../server/git/packing/pack-worker.ts'
import { runGit, runGitBytes } from '../support/git.ts'
import { createGitRemote } from '../support/git-remote.ts'
import { waitFor } from '../support/wait-for.ts'
import { ADA, createTempRepo, GIT_ENV, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/*
 * Packing (server/git/packing/auto-pack.ts and build-pack.ts) against the git CLI as the oracle: every
 * pack must pass `git verify-pack`, index to the same .idx with `git index-pack`, and leave a
 * repository `git fsck --full --strict` accepts, with every object readable by git, by our reader
 * and by isomorphic-git.
 */

let repo: TempRepo
let repository: ContentRepository | undefined
const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  await repository?.close()
  repository = undefined
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  repo?.remove()
})

/** Packing only when asked (`repository.pack()`), unless a test sets limits. */
const MANUAL: PackingOptions = { looseObjects: Number.MAX_SAFE_INTEGER, looseBytes: Number.MAX_SAFE_INTEGER }
const DAY = 24 * 60 * 60 * 1000

function posts(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`post-${i}.html`, post(`post-${i}`, `Body of post ${i}. `.repeat(20))]))
}

async function open(packing: PackingOptions = MANUAL): Promise<ContentRepository> {
  repository = await ContentRepository.open({ dir: repo.blogDir, logger: recordingLogger(), packing })
  return repository
}

async function save(name: string, text: string | null, message = `save ${name}`): Promise<string> {
  return (await repository!.commitFiles({ changes: [{ path: repo.file(`content/blog/${name}`), content: text }], message, author: ADA }))!
}

/**
 * A 10-post repository opened for manual packing, its bare clone served by a real git
 * http-backend, and the remote connected and fetched once.
 */
async function withRemote(packing: PackingOptions = MANUAL) {
  repo = createTempRepo({ posts: posts(10) })
  const remote = await createGitRemote({ from: repo.dir })
  cleanups.push(() => remote.close())
  await open(packing)
  const sync = repository!.connectRemote({ url: remote.url, branch: 'main', username: null, token: null })
  cleanups.push(() => sync.close())
  await sync.fetch()
  return { sync, server: remote.server, bareDir: remote.bareDir, remote }
}

const packDir = () => repo.file('.git/objects/pack')
const packs = () => fs.readdirSync(packDir()).filter((name) => name.endsWith('.pack')).sort()
const looseCount = () => Number(/^count: (\d+)$/m.exec(repo.git('count-objects', '-v'))![1])
const exists = (oid: string) => {
  try {
    repo.git('cat-file', '-e', oid)
    return true
  } catch {
    return false
  }
}

/** Every object git sees, with its type and exact content (`git cat-file --batch`). */
function allObjects(): Map<string, { type: string; content: Buffer }> {
  const list = repo.git('cat-file', '--batch-all-objects', '--batch-check=%(objectname)').trim().split('\n')
  const output = runGitBytes(['cat-file', '--batch'], { cwd: repo.dir, env: GIT_ENV, input: list.join('\n') + '\n' })
  const objects = new Map<string, { type: string; content: Buffer }>()
  let at = 0
  while (at < output.length) {
    const newline = output.indexOf(0x0a, at)
    const [oid, type, size] = output.toString('latin1', at, newline).split(' ')
    const content = output.subarray(newline + 1, newline + 1 + Number(size))
    objects.set(oid!, { type: type!, content })
    at = newline + 1 + Number(size) + 1
  }
  return objects
}

/** The git CLI's checks of every pack, and of the whole repository. */
function expectGitAccepts(): void {
  for (const name of packs()) {
    const pack = path.join(packDir(), name)
    expect(repo.git('verify-pack', '-v', pack.replace(/\.pack$/, '.idx'))).toMatch(/: ok\n$/)
    // git's own index of our pack is byte for byte the one we wrote.
    const theirs = path.join(os.tmpdir(), `watchio-index-pack-${process.pid}-${name}.idx`)
    repo.git('index-pack', '-o', theirs, pack)
    expect(fs.readFileSync(theirs).equals(fs.readFileSync(pack.replace(/\.pack$/, '.idx')))).toBe(true)
    fs.rmSync(theirs)
  }
  repo.git('fsck', '--full', '--strict', '--no-dangling')
}

/** Every object readable, with the same bytes, by our reader and by isomorphic-git. */
async function expectEveryReaderReadsAll(): Promise<void> {
  const objects = allObjects()
  expect(objects.size).toBeGreaterThan(0)
  const reader = new ObjectReader(repo.file('.git'))
  const cache = {}
  try {
    for (const [oid, { type, content }] of objects) {
      const ours = await reader.read(oid)
      expect(ours?.type, oid).toBe(type)
      expect(ours!.content.equals(content), oid).toBe(true)
      const theirs = await git.readObject({ fs, gitdir: repo.file('.git'), oid, format: 'content', cache })
      expect(theirs.type).toBe(type)
      expect(Buffer.from(theirs.object as Uint8Array).equals(content), oid).toBe(true)
    }
  } finally {
    await reader.close()
  }
}

describe('packing', () => {
  it('writes a pack git accepts (verify-pack, index-pack, fsck) that every reader reads, and removes the loose objects', async () => {
    repo = createTempRepo({ posts: posts(40) })
    await open()
    for (let i = 0; i < 12; i++) await save(`post-${i % 5}.html`, post(`post-${i % 5}`, `Edited ${i}. `.repeat(30)))
    await save('post-7.html', null, 'delete post 7')
    await save('renamed.html', post('renamed', 'Moved'), 'add renamed')
    const before = allObjects()

    const report = await repository!.pack()

    expect(report).toMatchObject({ full: true, packsRemoved: 0 })
    expect(report!.objects).toBe(before.size)
    expect(report!.deltas).toBeGreaterThan(12)
    expect(looseCount()).toBe(0)
    expect(packs()).toHaveLength(1)
    expect(new Set(allObjects().keys())).toEqual(new Set(before.keys()))
    expectGitAccepts()
    await expectEveryReaderReadsAll()
    // And the server goes on saving on top of it.
    await save('post-1.html', post('post-1', 'After packing'))
    expect(repo.git('show', 'HEAD:content/blog/post-1.html')).toBe(post('post-1', 'After packing'))
  })

  it('stores each newer version of a big folder tree whole and the older ones as small deltas of them', async () => {
    repo = createTempRepo({ posts: posts(1000) })
    await open()
    for (let i = 0; i < 30; i++) await save(`post-${i * 31}.html`, post(`post-${i * 31}`, `Edit ${i}`))
    await repository!.pack()

    const blogTrees = new Set(repo.git('log', '--format=%H').trim().split('\n').map((commit) => repo.git('rev-parse', `${commit}:content/blog`).trim()))
    const [idx] = fs.readdirSync(packDir()).filter((name) => name.endsWith('.idx'))
    const lines = repo.git('verify-pack', '-v', path.join(packDir(), idx!)).split('\n')
    const rows = lines.map((line) => line.split(/\s+/)).filter((row) => blogTrees.has(row[0]!))
    expect(rows).toHaveLength(31)
    const whole = rows.filter((row) => row.length < 7)
    const deltas = rows.filter((row) => row.length >= 7)
    // The newest is whole; the others are deltas of a few dozen bytes (column 4: size in the pack).
    expect(whole).toHaveLength(1)
    expect(whole[0]![0]).toBe(repo.git('rev-parse', 'HEAD:content/blog').trim())
    for (const row of deltas) expect(Number(row[3])).toBeLessThan(200)
    expectGitAccepts()
  })

  it('starts by itself in the background once the loose objects pass the limit', async () => {
    repo = createTempRepo({ posts: posts(10) })
    // A save writes 5 objects here (blob, 3 trees, commit); the repository starts with 15.
    await open({ ...MANUAL, looseObjects: 27 })
    await save('post-1.html', post('post-1', 'one'))
    await save('post-2.html', post('post-2', 'two'))
    await repository!.packingIdle()
    expect(packs()).toHaveLength(0)
    expect(looseCount()).toBe(25)

    await save('post-3.html', post('post-3', 'three'))
    await repository!.packingIdle()

    expect(packs()).toHaveLength(1)
    expect(looseCount()).toBe(0)
    expectGitAccepts()
  })

  it("follows the repository's gc.auto: packs past its count, and never by itself when it is 0", async () => {
    repo = createTempRepo({ posts: posts(10) })
    repo.git('config', 'gc.auto', '27')
    await open({ looseBytes: Number.MAX_SAFE_INTEGER })
    await save('post-1.html', post('post-1', 'one'))
    await save('post-2.html', post('post-2', 'two'))
    await repository!.packingIdle()
    expect(packs()).toHaveLength(0)
    await save('post-3.html', post('post-3', 'three'))
    await repository!.packingIdle()
    expect(packs()).toHaveLength(1)
    expect(looseCount()).toBe(0)
    await repository!.close()

    repo.git('config', 'gc.auto', '0')
    // Not even the loose bytes' rule: gc.auto=0 is a maintainer saying "I pack this myself".
    await open({ looseBytes: 1 })
    for (let i = 4; i < 12; i++) await save(`post-${i}.html`, post(`post-${i}`, `edit ${i}`))
    await repository!.packingIdle()
    expect(packs()).toHaveLength(1)
    expect(looseCount()).toBe(40)
    // Asked for, it still packs.
    await repository!.pack()
    expect(looseCount()).toBe(0)
    expectGitAccepts()
  })

  it('prunes unreachable loose objects past the grace period, keeps fresh ones and anything the index, a reflog or a journal names', async () => {
    repo = createTempRepo({ posts: posts(5) })
    const old = new Date(Date.now() - 15 * DAY)
    const makeOld = (oid: string) => fs.utimesSync(repo.file(`.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`), old, old)
    const fresh = repo.hashObject('fresh garbage\n')
    const stale = repo.hashObject('old garbage\n')
    makeOld(stale)
    // Staged, never committed.
    repo.write('content/blog/staged.html', post('staged', 'Staged by hand'))
    repo.git('add', 'content/blog/staged.html')
    const staged = repo.git('rev-parse', ':content/blog/staged.html').trim()
    makeOld(staged)
    // A commit only the reflog remembers (`git reset` after it).
    repo.write('README.md', '# Abandoned\n')
    repo.git('commit', '-q', '-am', 'abandoned')
    const abandoned = repo.head()
    repo.git('reset', '-q', '--keep', 'HEAD~1')
    for (const oid of [abandoned, repo.git('rev-parse', `${abandoned}^{tree}`).trim(), repo.git('rev-parse', `${abandoned}:README.md`).trim()]) makeOld(oid)
    // A blob named by a save journal a crash left (recovery needs it).
    const journaled = repo.hashObject(post('journaled', 'In a journal'))
    makeOld(journaled)
    fs.writeFileSync(repo.file('.git/watchio-save.json.unreadable-1'), JSON.stringify({ changes: [{ path: 'content/blog/j.html', blobId: journaled }] }))
    await open()

    const report = await repository!.pack()

    expect(report).toMatchObject({ full: true, pruned: 1 })
    expect(exists(stale)).toBe(false)
    for (const oid of [fresh, staged, abandoned, journaled]) expect(exists(oid), oid).toBe(true)
    // Unreachable and young: left loose. What the index, the reflog and the journal name is packed.
    expect(looseCount()).toBe(1)
    repo.git('fsck', '--full', '--strict')
  })

  it('drops unreachable objects of a replaced pack older than the grace period, and carries those of a younger one', async () => {
    repo = createTempRepo({ posts: posts(5) })
    const packOf = (text: string, age: number) => {
      const oid = repo.hashObject(text)
      const name = runGit(['pack-objects', '-q', '.git/objects/pack/pack'], { cwd: repo.dir, env: GIT_ENV, input: `${oid}\n` }).trim()
      fs.rmSync(repo.file(`.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`))
      const when = new Date(Date.now() - age)
      fs.utimesSync(path.join(packDir(), `pack-${name}.pack`), when, when)
      return oid
    }
    const expired = packOf('garbage in an old pack\n', 15 * DAY)
    const recent = packOf('garbage in a recent pack\n', DAY)
    await open()

    const report = await repository!.pack()

    expect(report).toMatchObject({ full: true, packsRemoved: 2 })
    expect(packs()).toHaveLength(1)
    expect(exists(expired)).toBe(false)
    expect(exists(recent)).toBe(true)
    expectGitAccepts()
  })

  it('merges more than 50 packs into one, and small packs into the next run as git repack --geometric does', async () => {
    repo = createTempRepo({ posts: posts(5) })
    for (let i = 0; i < 51; i++) {
      repo.write(`content/blog/post-${i % 5}.html`, post(`post-${i % 5}`, `Maintainer edit ${i}`))
      repo.git('commit', '-q', '-am', `maintainer edit ${i}`)
      repo.git('repack', '-q')
    }
    expect(packs()).toHaveLength(51)
    const history = repo.git('log', '--format=%H %s')
    await open()

    expect(await repository!.pack()).toMatchObject({ full: true, packsRemoved: 51 })
    expect(packs()).toHaveLength(1)
    const [big] = packs()

    // Then a few saves make a small pack beside it; the next run merges small ones, not the big one.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await save(`post-${i}.html`, post(`post-${i}`, `Round ${round}, save ${i}`))
      const report = await repository!.pack()
      expect(report!.full).toBe(false)
    }
    expect(packs()).toContain(big)
    expect(packs().length).toBeLessThanOrEqual(3)
    expect(repo.git('log', '--format=%H %s').endsWith(history)).toBe(true)
    expectGitAccepts()
    await expectEveryReaderReadsAll()
  })

  it('lets saves run while it packs: every save lands, and nothing it needs is removed', async () => {
    repo = createTempRepo({ posts: posts(300) })
    await open()
    for (let i = 0; i < 10; i++) await save(`post-${i}.html`, post(`post-${i}`, `Before ${i}`))

    let packed = false
    const packing = repository!.pack().then(() => (packed = true))
    const commits: string[] = []
    let duringRun = 0
    for (let i = 0; i < 25; i++) {
      commits.push(await save(`post-${i % 12}.html`, post(`post-${i % 12}`, `During ${i}`), `during ${i}`))
      if (!packed) duringRun++
    }
    await packing
    expect(duringRun).toBeGreaterThan(0)
    await repository!.pack()

    const log = repo.git('log', '--format=%s')
    for (let i = 0; i < 25; i++) expect(log).toContain(`during ${i}\n`)
    expect(repo.head()).toBe(commits.at(-1))
    for (let i = 0; i < 12; i++) expect(repo.git('show', `HEAD:content/blog/post-${i}.html`)).toBe(post(`post-${i}`, `During ${i + (i < 1 ? 24 : 12)}`))
    expect(repo.git('status', '--porcelain')).toBe('')
    expectGitAccepts()
  })

  it('a thread told to stop in the middle of a build ends itself before its next object: exit code 0, no temp pack, the repository as it was', async () => {
    repo = createTempRepo({ posts: posts(200) })
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-stop-'))
    cleanups.push(() => fs.rmSync(tempDir, { recursive: true, force: true }))
    const worker = new PackWorker()
    // "Now" is when the repository was made: nothing in it is past the grace period.
    const building = worker.build({ gitdir: repo.file('.git'), tempDir, now: fs.statSync(repo.file('.git')).mtimeMs, graceMs: DAY })
    // Not terminated (Node aborts the process when a thread is terminated while it makes a zlib
    // stream): it ends itself, cleanly, so its exit code is 0.
    await worker.stop()
    await expect(building).rejects.toThrow(/The packing thread stopped \(exit code 0/)
    expect(fs.readdirSync(tempDir)).toEqual([])
    expect(packs()).toEqual([])
    expectGitAccepts()
  })

  it('reads on through a reader that had the replaced packs open, and then lets go of them', async () => {
    repo = createTempRepo({ posts: posts(20) })
    repo.git('repack', '-q', '-a', '-d')
    const [first] = packs()
    await open()
    const reader = new ObjectReader(repo.file('.git'))
    cleanups.push(() => reader.close())
    const readme = repo.git('rev-parse', 'HEAD:README.md').trim()
    expect((await reader.read(readme))?.type).toBe('blob')
    const history = await repository!.fileHistory({ path: repo.file('content/blog/post-1.html'), identify: () => null })
    expect(history).toHaveLength(1)
    for (let i = 0; i < 5; i++) await save('post-1.html', post('post-1', `Edit ${i}`))

    expect(await repository!.pack()).toMatchObject({ full: true, packsRemoved: 1 })
    expect(packs()).not.toContain(first)

    // A different object, so the reader must look again; then nothing keeps the deleted pack open.
    expect((await reader.read(repo.git('rev-parse', 'HEAD:content/blog/post-2.html').trim()))?.type).toBe('blob')
    expect((await repository!.fileHistory({ path: repo.file('content/blog/post-1.html'), identify: () => null })).length).toBe(6)
    await reader.refresh()
    if (process.platform === 'linux') {
      const open = fs.readdirSync('/proc/self/fd').map((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`)
        } catch {
          return ''
        }
      })
      expect(open.filter((target) => target.includes(first!))).toEqual([])
    }
  })

  it('removes the packs it replaced only once a push in flight has finished reading objects', async () => {
    const events: string[] = []
    const { sync, server, bareDir } = await withRemote({ ...MANUAL, onStep: (step) => void events.push(step) })
    await save('post-1.html', post('post-1', 'First'))
    await repository!.pack()
    const [first] = packs()
    // Enough new objects that the next run merges the first pack.
    for (let i = 0; i < 6; i++) await save(`post-${i}.html`, post(`post-${i}`, `Again ${i}`))

    server.hold()
    const pushing = sync.push()
    await waitFor(() => server.holding > 0)
    events.length = 0
    let packed = false
    const packing = repository!.pack().then((report) => {
      packed = true
      return report
    })
    // The signal that the run has come to the old packs: its last step before it takes their lock
    // (which the push holds). Removing the first of them would be the next step, old-index-removed:
    // the order of the two events below shows it came only after the push was let go.
    await waitFor(() => events.includes('loose-removed'))
    expect(packed).toBe(false)
    expect(packs()).toContain(first)
    expect(packs()).toHaveLength(2)

    events.push('push released')
    server.release()
    expect(await pushing).toBe('pushed')
    expect(await packing).toMatchObject({ packsRemoved: 1 })
    expect(packs()).not.toContain(first)
    expect(events.indexOf('push released')).toBeLessThan(events.indexOf('old-index-removed'))
    runGit(['--git-dir', bareDir, 'fsck', '--full', '--strict'], { env: GIT_ENV })
    expectGitAccepts()
  })

  it('keeps fetch and push working through isomorphic-git after packs were replaced', async () => {
    const { sync, bareDir, remote } = await withRemote()
    await save('post-1.html', post('post-1', 'First'))
    expect(await sync.push()).toBe('pushed')
    await repository!.pack()
    await save('post-2.html', post('post-2', 'Second'))
    await repository!.pack()
    expect(await sync.push()).toBe('pushed')
    // A maintainer's commit, fetched and pulled into the packed repository.
    remote.maintainerPush({ 'content/blog/post-3.html': post('post-3', 'From the maintainer') }, 'maintainer edit')
    await sync.fetch()
    expect(await sync.pull({ author: ADA, message: 'merge' })).toMatchObject({ outcome: 'fast-forward' })
    await repository!.pack()

    expect(runGit(['--git-dir', bareDir, 'log', '--format=%s'], { env: GIT_ENV })).toContain('save post-2.html')
    runGit(['--git-dir', bareDir, 'fsck', '--full', '--strict'], { env: GIT_ENV })
    expect(repo.read('content/blog/post-3.html')).toBe(post('post-3', 'From the maintainer'))
    expectGitAccepts()
    await expectEveryReaderReadsAll()
  })
})
