import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteDirOf } from '../../server/config.ts'
import { HISTORY_CACHE_FILE } from '../../server/git/history/history-cache.ts'
import type { RunningServer } from '../../server/start.ts'
import { ApiClient, newPostBody } from '../support/admin-client.ts'
import { git } from '../support/git.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'

/*
 * The history cache across restarts: a post's history is cached in the site's
 * folder, so the first request after a start does not walk every commit; a commit made while the
 * server was down (a maintainer's, a pull by hand) is simply not cached yet and still listed.
 */

interface HistoryEntry {
  id: string
  message: string
  slug: string
}

let site: TempSite
let server: RunningServer | undefined
let postId: string
const cacheFile = () => path.join(siteDirOf(site.dataDir, site.contentDir), HISTORY_CACHE_FILE)

async function start(logger = recordingLogger()): Promise<ApiClient> {
  server = await startTestServer(site, { logger })
  return new ApiClient(server.url).signIn()
}

async function stop(): Promise<void> {
  await server?.close()
  server = undefined
}

async function historyIds(api: ApiClient): Promise<string[]> {
  const { status, body } = await api.json<HistoryEntry[]>('GET', `/api/admin/blog/posts/${postId}/history`)
  expect(status).toBe(200)
  return body.map((entry) => entry.id)
}

/** Edits the post's file and commits it with the git CLI, as a maintainer on the server's clone. */
async function commitByHand(body: string): Promise<string> {
  const relative = 'content/blog/restart-post.html'
  const file = path.join(site.repoDir, relative)
  const before = await readFile(file, 'utf8')
  const after = before.replace(/<p>[^<]*<\/p>/, `<p>${body}</p>`)
  expect(after).not.toBe(before)
  await writeFile(file, after)
  git(site.repoDir, 'add', relative)
  git(site.repoDir, '-c', 'user.name=Maintainer', '-c', 'user.email=m@example.com', 'commit', '-q', '-m', `by hand: ${body}`)
  return git(site.repoDir, 'rev-parse', 'HEAD')
}

beforeAll(async () => {
  site = await createTempSite()
})

afterAll(async () => {
  await stop()
  await site?.cleanup()
})

describe('a post\'s history across a restart', () => {
  it('is cached in the site\'s folder, and lists a commit made with git while the server was down first', async () => {
    const api = await start()
    const created = await api.json<Record<string, unknown> & { id: string }>('POST', '/api/admin/blog/posts', newPostBody({ slug: 'restart-post', content: '<p>one</p>' }))
    expect(created.status).toBe(201)
    postId = created.body.id
    const saved = await api.json('PUT', `/api/admin/blog/posts/${postId}`, { ...created.body, content: '<p>two</p>' })
    expect(saved.status).toBe(200)
    const before = await historyIds(api)
    expect(before).toEqual(git(site.repoDir, 'log', '--format=%H', '-2').split('\n'))
    await stop()
    // In the site's folder, never in the repository.
    expect(existsSync(cacheFile())).toBe(true)
    expect(git(site.repoDir, 'status', '--porcelain', '--ignored')).toBe('')

    const byHand = await commitByHand('three')
    const restarted = await start()
    expect(await historyIds(restarted)).toEqual([byHand, ...before])
    expect(await historyIds(restarted)).toEqual(git(site.repoDir, 'log', '--format=%H', '--', 'content/blog/restart-post.html').split('\n'))
    await stop()
  })

  it('ignores a garbage cache file (logged) and still answers the full history', async () => {
    await writeFile(cacheFile(), '{"format":"watchio-history-cache","version":1,"sha256":"00"}\n{"commits":[[')
    const byHand = await commitByHand('four')
    const logger = recordingLogger()
    const api = await start(logger)
    expect(logger.lines).toContainEqual(expect.stringMatching(/^warn: Ignored the history cache .*history-cache\.jsonl/))
    const ids = await historyIds(api)
    expect(ids[0]).toBe(byHand)
    expect(ids).toEqual(git(site.repoDir, 'log', '--format=%H', '--', 'content/blog/restart-post.html').split('\n'))
    await stop()
    // Rebuilt at close: a valid cache again.
    expect((await readFile(cacheFile(), 'utf8')).startsWith('{"format":"watchio-history-cache","version":1,"sha256":"')).toBe(true)
    const again = recordingLogger()
    await start(again)
    expect(again.lines.filter((line) => line.includes('history cache'))).not.toContainEqual(expect.stringMatching(/Ignored/))
  })
})
