import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository, type PackStep } from '../../server/git/content-repository.ts'
import { createTempRepo, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/*
 * kill -9 while the repository packs itself, at each step of a run (the child pauses packing
 * there while its saves go on, then dies), and at random moments: the repository must pass
 * `git fsck --full --strict` at once, hold every save that was answered, and the next start must
 * clean up and pack again.
 */

const childScript = path.resolve(import.meta.dirname, '../support/packing-child.ts')
const STEPS: PackStep[] = ['built', 'pack-renamed', 'index-renamed', 'loose-removing', 'loose-removed', 'old-index-removed', 'old-packs-removed', 'pruned']
const DAY = 24 * 60 * 60 * 1000

let repo: TempRepo
afterEach(() => repo?.remove())

/**
 * A repository whose first run replaces a pack (its history, packed by git) and prunes an old
 * unreachable object: every step of a run happens in the child's first run.
 */
function setUp(): void {
  repo = createTempRepo({ posts: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`post-${i}.html`, post(`post-${i}`, `Post ${i}`)])) })
  repo.git('gc', '-q')
  const garbage = repo.hashObject('old unreachable garbage\n')
  const old = new Date(Date.now() - 20 * DAY)
  utimesSync(repo.file(`.git/objects/${garbage.slice(0, 2)}/${garbage.slice(2)}`), old, old)
}

/** Runs the child until `until` says so from its output, then kills it; returns the answered saves. */
async function runAndKill(stopAt: PackStep | null, until: (line: string, saved: number) => boolean): Promise<{ saved: string[]; reached: boolean }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, WATCHIO_PACKING_CHILD: JSON.stringify({ dir: repo.dir, stopAt }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const saved: string[] = []
  const output: string[] = []
  let reached = false
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child never got there:\n${output.join('\n')}`)), 240_000)
    const onData = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (!line) continue
        output.push(line)
        if (line.startsWith('SAVED ')) saved.push(line.slice(6))
        if (line.startsWith('STEP ')) reached = true
        if (until(line, saved.length)) {
          clearTimeout(timer)
          // Killed at once: the child saves on without waiting for this one, so the kill lands
          // in the middle of its next save (and, at a step, with packing held there).
          resolve()
        }
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`the child exited (${code}):\n${output.join('\n')}`)))
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL')
    await exited
    throw error
  })
  child.kill('SIGKILL')
  await exited
  return { saved, reached }
}

/** What must hold right after the kill, and after the next start (recovery, then a full run). */
async function expectRecoverable(saved: string[]): Promise<void> {
  repo.git('fsck', '--full', '--strict')
  const log = () => new Set(repo.git('log', '--format=%s').split('\n'))
  for (const message of saved) expect(log(), `answered save lost: ${message}`).toContain(message)

  const repository = await ContentRepository.open({ dir: repo.blogDir, logger: recordingLogger() })
  try {
    const names = readdirSync(repo.file('.git/objects/pack'))
    for (const name of names.filter((file) => file.endsWith('.pack'))) expect(names, 'a pack without its index').toContain(name.replace(/\.pack$/, '.idx'))
    expect(readdirSync(repo.file('.git/watchio-tmp')), 'temp files left').toEqual([])
    expect(repo.git('status', '--porcelain', '--', 'content/blog')).toBe('')
    expect(await repository.pack()).not.toBeNull()
    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/after.html'), content: post('after', 'After the crash') }], message: 'after the crash', author: { name: 'A', email: 'a@example.com' } })
  } finally {
    await repository.close()
  }
  repo.git('fsck', '--full', '--strict')
  for (const message of [...saved, 'after the crash']) expect(log()).toContain(message)
}

describe('packing crash safety', () => {
  it.each(STEPS)('survives kill -9 at step "%s" of a run, saves going on', async (step) => {
    setUp()
    const { saved, reached } = await runAndKill(step, (line) => line === `STEP ${step}`)
    expect(reached).toBe(true)
    await expectRecoverable(saved)
  })

  it('survives kill -9 at random moments while it packs again and again', async () => {
    setUp()
    let total = 0
    for (let round = 0; round < 4; round++) {
      const at = 3 + Math.floor(Math.random() * 12)
      const { saved } = await runAndKill(null, (line, count) => line.startsWith('SAVED') && count === at)
      total += saved.length
      await expectRecoverable(saved)
    }
    expect(total).toBeGreaterThan(10)
  })
})
