import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { createTempSite, type TempSite } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

const ROUNDS = 20

let site: TempSite
/** Commit messages of every save that answered 2xx: each must be in the history after any crash. */
const acknowledged: string[] = []
const recoveries: string[] = []
/** Packing runs the server logged as finished: the kills land around them too. */
let packRuns = 0

beforeAll(async () => {
  site = await createTempSite()
  // The server packs past gc.auto loose objects (git's own setting): a few saves' worth here, so
  // that packing runs in every round, beside the saves, and kill -9 lands in its middle as well.
  git(site.repoDir, 'config', 'gc.auto', '20')
})

afterAll(async () => {
  // A failed round leaves its server running: stopped before its folder goes.
  if (current && current.child.exitCode === null && current.child.signalCode === null) {
    current.child.kill('SIGKILL')
    await current.exited
  }
  await site?.cleanup()
})

let current: ServerProcess | undefined

async function startChild(): Promise<ServerProcess> {
  const { cleanup: _cleanup, ...paths } = site
  current = await startServerProcess(paths)
  return current
}

/** A round's failure, with what its server said (packing's waits and failures are logged, not answered). */
function withServerOutput(error: unknown, output: string[]): Error {
  const message = error instanceof Error ? error.message : String(error)
  return new Error(`${message}\nthe server's last lines:\n${output.slice(-40).join('\n')}`)
}

/** What every start must find, whatever moment the previous process died at. */
async function checkRepository(): Promise<void> {
  git(site.repoDir, 'fsck', '--full', '--strict')
  expect(git(site.repoDir, 'status', '--porcelain', '--', 'content/blog')).toBe('')
  for (const name of await readdir(site.blogDir)) {
    expect(name, 'a temp file was left behind').toMatch(/^[a-z0-9-]+\.html$/)
    parsePostFile(await readFile(path.join(site.blogDir, name), 'utf8'), name)
  }
  const history = new Set(git(site.repoDir, 'log', '--format=%s').split('\n'))
  for (const message of acknowledged) expect(history, `acknowledged save lost: ${message}`).toContain(message)
}

/** Saves until the process dies: creates, updates, renames and deletes, two at a time. */
async function saveUntilKilled(api: ApiClient, round: number): Promise<void> {
  const worker = async (lane: number) => {
    for (let n = 0; ; n++) {
      const slug = `crash-${round}-${lane}-${n}`
      const title = `Crash ${round}.${lane}.${n}`
      const created = await api.json<{ id: string; version: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug, title }))
      if (created.status !== 201) return
      acknowledged.push(`blog: create "${title}" (${slug})`)
      const renamed = await api.json<{ version: string }>('PUT', `/api/admin/blog/posts/${created.body.id}`, {
        ...newPostBody({ slug: `${slug}-moved`, title, content: '<p>Moved</p>' }),
        version: created.body.version,
      })
      if (renamed.status !== 200) return
      acknowledged.push(`blog: rename "${title}" (${slug} → ${slug}-moved)`)
      if (n % 2 === 0) {
        const deleted = await api.request('DELETE', `/api/admin/blog/posts/${created.body.id}`, {
          headers: { 'If-Match': `"${renamed.body.version}"` },
        })
        if (deleted.status !== 204) return
        acknowledged.push(`blog: delete "${title}" (${slug}-moved)`)
      }
    }
  }
  await Promise.all([worker(0), worker(1)]).catch(() => {})
}

describe('crash safety', () => {
  // 21 starts of the compiled server: about 20 s on a quiet machine, some minutes on a loaded one;
  // the timeout is only a safety net against a hang, far above any of them.
  it(`survives SIGKILL at random moments during saves and packing, ${ROUNDS} rounds`, { timeout: 1_800_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { child, url, output, exited } = await startChild()
      recoveries.push(...output.filter((line) => /recover|rolled back|interrupted|completed/i.test(line)))
      await checkRepository()
      // Signed in first (a scrypt hash: slow on a busy machine), then killed somewhere in the stream of saves.
      const api = await new ApiClient(url).signIn()
      const saving = saveUntilKilled(api, round)
      // One round lets a packing run finish first (packing starts after a few saves, in the
      // background): its kill lands after one, however slow packing is on this machine against
      // the saves; in the others the kills fall wherever packing is.
      if (round === 1) {
        await waitFor(() => output.some((line) => line.includes('Packed the repository')), 600_000).catch((error: unknown) => {
          throw withServerOutput(error, output)
        })
      }
      // Killed once a random number (1 to 12) of saves more have been answered, in the middle
      // of the ones still running (two lanes save without a pause): counted, not timed.
      const landed = acknowledged.length
      const saves = 1 + Math.floor(Math.random() * 12)
      await waitFor(async () => (acknowledged.length >= landed + saves ? true : undefined))
      child.kill('SIGKILL')
      await exited
      await saving
      packRuns += output.filter((line) => line.includes('Packed the repository')).length
    }
    const { child } = await startChild()
    await checkRepository()
    child.kill('SIGKILL')
    expect(acknowledged.length).toBeGreaterThan(ROUNDS)
    expect(packRuns, 'packing never ran: the kills did not test it').toBeGreaterThan(0)
    console.info(`crash test: ${acknowledged.length} acknowledged saves, ${packRuns} packing runs finished; recovery at start: ${recoveries.length ? recoveries.join(' | ') : 'none needed'}`)
  })
})
