import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CommitGraph } from '../../../server/git/history/commit-graph.ts'
import { FileHistory, type IdentifyFile } from '../../../server/git/history/file-history.ts'
import { HistoryCache } from '../../../server/git/history/history-cache.ts'
import { silentLogger } from '../../../server/lib/logger.ts'
import { runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { commitReader, stepsArb, writeHistory } from './random-history.ts'
import { sharedRepository } from './shared-repository.ts'

/*
 * FileHistory.versions against git log, on what the two promise alike:
 * - histories with branches and merges, no rename: `git log -- <path>` (git's default history
 *   simplification: a merge that kept one parent's version is skipped, and only that parent
 *   followed);
 * - linear histories with renames that keep the content: `git log --follow -- <path>` (git finds
 *   those renames by content, we by the file's identity: here both agree).
 * (A rename that also edits the file is followed by identity where git's similarity may give up:
 * see git-history.test.ts.)
 */

const shared = sharedRepository()

const identify: IdentifyFile = (_path, bytes) => /^id: (.*)$/m.exec(Buffer.from(bytes).toString('utf8'))?.[1] ?? null

function history(): FileHistory {
  return new FileHistory({
    cache: new HistoryCache({ file: null, logger: silentLogger }),
    graph: new CommitGraph(commitReader(shared.reader)),
    readTree: async (oid) => (await shared.reader.read(oid))!.content,
    readBlob: async (oid) => (await shared.reader.read(oid))!.content,
  })
}

/** `git log --follow` of a path on a linear history: each commit with the path the file had there. */
function gitLogFollow(head: string, file: string): { commit: string; path: string }[] {
  const out = runGit(['log', '--follow', '--format=%x01%H', '--name-only', head, '--', file], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV })
  return out
    .split('\x01')
    .filter(Boolean)
    .map((block) => {
      const [commit, ...names] = block.trim().split('\n')
      return { commit: commit!, path: names.find(Boolean)! }
    })
}

describe('FileHistory.versions', () => {
  it('lists what git log -- <path> lists on histories with branches and merges', async () => {
    await fc.assert(
      fc.asyncProperty(stepsArb({ roots: false, maxStep: 0 }), fc.nat(), async (steps, pick) => {
        const { tips } = writeHistory(shared.repo.dir, steps, (file, n) => (file === 0 ? `---\nid: post\n---\n<p>version ${n}</p>\n` : `note ${file} ${n}\n`), { uniqueTimes: true })
        const head = tips[pick % tips.length]!
        const blob = runGit(['rev-parse', `${head}:post.html`], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).trim()
        const versions = await history().versions({ head, path: 'post.html', blob, identify })
        const expected = runGit(['log', '--format=%H', head, '--', 'post.html'], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).split('\n').filter(Boolean)
        expect(versions.map((version) => version.commit.oid)).toEqual(expected)
        for (const version of versions) expect(version.blob).toBe(runGit(['rev-parse', `${version.commit.oid}:post.html`], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).trim())
      }),
      { numRuns: 30 },
    )
  })

  it('follows renames as git log --follow does on a linear history', async () => {
    const opArb = fc.oneof(
      fc.record({ kind: fc.constant('edit' as const) }),
      fc.record({ kind: fc.constant('rename' as const), to: fc.constantFrom('a.html', 'b.html', 'posts/c.html', 'posts/deep/d.html', 'e f.html') }),
      fc.record({ kind: fc.constant('other' as const), file: fc.constantFrom('notes.txt', 'posts/other.html') }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`
        const post = (n: number) => `---\nid: followed\n---\n<p>${'A long enough body. '.repeat(5)}version ${n}</p>\n`
        let current = 'start.html'
        const stream = [`commit refs/heads/linear\nmark :1\ncommitter C <c@example.com> 1700000000 +0000\n${data('start')}deleteall\nM 100644 inline ${current}\n${data(post(0))}M 100644 inline notes.txt\n${data('notes 0\n')}\n`]
        ops.forEach((op, i) => {
          const n = i + 2
          let change = ''
          if (op.kind === 'edit') change = `M 100644 inline "${current}"\n${data(post(n))}`
          else if (op.kind === 'rename' && op.to !== current) {
            change = `R "${current}" "${op.to}"\n`
            current = op.to
          } else change = `M 100644 inline ${op.kind === 'other' ? op.file : 'notes.txt'}\n${data(`other ${n}\n`)}`
          stream.push(`commit refs/heads/linear\nmark :${n}\ncommitter C <c@example.com> ${1_700_000_000 + n * 10} +0000\n${data(`step ${n}`)}from :${n - 1}\n${change}\n`)
        })
        runGit(['fast-import', '--quiet', '--force'], { cwd: shared.repo.dir, input: stream.join(''), env: MAINTAINER_GIT_ENV })
        const head = runGit(['rev-parse', 'refs/heads/linear'], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).trim()
        const blob = runGit(['rev-parse', `${head}:${current}`], { cwd: shared.repo.dir, env: MAINTAINER_GIT_ENV }).trim()
        const versions = await history().versions({ head, path: current, blob, identify })
        const expected = gitLogFollow(head, current)
        expect(versions.map((version) => ({ commit: version.commit.oid, path: version.path }))).toEqual(expected)
      }),
      { numRuns: 20 },
    )
  })
})
