import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CommitGraph } from '../../server/git/history/commit-graph.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { GitStore } from '../../server/git/store/git-store.ts'
import { ObjectReader } from '../../server/git/store/object-reader.ts'
import { diffTrees } from '../../server/git/history/tree-diff.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { runGitBytes } from '../support/git.ts'
import { ADA, createTempRepo, GIT_ENV, type TempRepo } from './git-fixture.ts'

let repo: TempRepo
const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  repo?.remove()
})

/** A post file whose identity is its `id:` line, as posts have. */
const postFile = (id: string, slug: string, body: string) => `---\nid: ${id}\ntitle: ${slug}\nslug: ${slug}\n---\n<p>${body}</p>\n`
const identify = (_file: string, bytes: Uint8Array) => /^id: (.*)$/m.exec(Buffer.from(bytes).toString('utf8'))?.[1] ?? null

/** A history with edits, a rename with an edit, a side branch merged back, other files, then packed with deltas. */
function buildHistory(): void {
  repo = createTempRepo({ posts: { 'a.html': postFile('A', 'a', 'one'), 'b.html': postFile('B', 'b', 'one') } })
  const commit = (message: string) => {
    repo.git('add', '-A')
    repo.git('commit', '-q', '-m', message)
  }
  for (let i = 0; i < 30; i++) {
    repo.write(`content/blog/filler-${i}.html`, postFile(`F${i}`, `filler-${i}`, 'x'.repeat(200 + i)))
    commit(`filler ${i}`)
  }
  repo.write('content/blog/a.html', postFile('A', 'a', 'two'))
  commit('edit a')
  repo.git('mv', 'content/blog/a.html', 'content/blog/a-renamed.html')
  repo.write('content/blog/a-renamed.html', postFile('A', 'a-renamed', 'two'))
  commit('rename a')
  repo.git('checkout', '-q', '-b', 'side')
  repo.write('content/blog/a-renamed.html', postFile('A', 'a-renamed', 'side edit'))
  commit('edit a on a side branch')
  repo.git('checkout', '-q', 'main')
  repo.write('content/blog/b.html', postFile('B', 'b', 'two'))
  repo.write('README.md', '# changed\n')
  repo.write('tools/run.sh', '#!/bin/sh\necho\n')
  commit('edit b and other files')
  repo.git('merge', '-q', '--no-ff', '-m', 'merge side', 'side')
  repo.write('content/blog/a-renamed.html', postFile('A', 'a-renamed', 'three'))
  commit('edit a again')
  repo.git('gc', '-q', '--aggressive', '--prune=now')
}

describe('ObjectReader', () => {
  it('reads every object of a packed, deltified repository byte for byte as git does, and loose ones', async () => {
    buildHistory()
    expect(repo.git('count-objects', '-v')).toMatch(/^count: 0$/m)
    const reader = new ObjectReader(path.join(repo.dir, '.git'))
    closers.push(() => reader.close())
    const lines = repo.git('cat-file', '--batch-all-objects', '--batch-check').trim().split('\n')
    expect(lines.length).toBeGreaterThan(100)
    // Deltas are there to be resolved (otherwise this test proves little).
    const packDir = repo.file('.git/objects/pack')
    const indexes = readdirSync(packDir).filter((name) => name.endsWith('.idx'))
    expect(repo.git('verify-pack', '-v', ...indexes.map((name) => path.join(packDir, name)))).toMatch(/chain length = [1-9]/)
    for (const line of lines) {
      const [oid, type] = line.split(' ') as [string, string]
      const object = await reader.read(oid)
      const expected = runGitBytes(['cat-file', type, oid], { cwd: repo.dir, env: GIT_ENV })
      expect(object?.type).toBe(type)
      expect(Buffer.compare(object!.content, expected), `${type} ${oid}`).toBe(0)
    }
    const loose = repo.hashObject('a loose blob\n')
    expect((await reader.read(loose))?.content.toString()).toBe('a loose blob\n')
    expect(await reader.read('0'.repeat(40))).toBeNull()
  })
})

describe('diffTrees and CommitGraph', () => {
  it('lists the blob-level changes between two commits as git diff-tree -r does', async () => {
    buildHistory()
    const store = new GitStore({ gitdir: path.join(repo.dir, '.git'), tempDir: path.join(repo.dir, '.git/tmp') })
    closers.push(() => store.close())
    const read = (oid: string) => store.readTreeBytes(oid)
    const commits = repo.git('rev-list', '--all').trim().split('\n')
    const pairs: [string, string][] = [[commits.at(-1)!, commits[0]!], [commits[3]!, commits[1]!], [commits[0]!, commits.at(-1)!]]
    for (const [from, to] of pairs) {
      const tree = (commit: string) => repo.git('rev-parse', `${commit}^{tree}`).trim()
      const changes = await diffTrees(read, tree(from), tree(to))
      const ours = changes.map((change) => `${change.after === null ? 'D' : change.before === null ? 'A' : 'M'}\t${change.path}`).sort()
      const theirs = repo.git('diff-tree', '-r', '--no-renames', '--name-status', from, to).trim().split('\n').filter(Boolean).sort()
      expect(ours).toEqual(theirs)
    }
    expect(await diffTrees(read, null, null)).toEqual([])
  })

  it('counts ahead and behind and finds the merge base as git does', async () => {
    buildHistory()
    repo.git('checkout', '-q', '-b', 'other', 'HEAD~3')
    for (let i = 0; i < 4; i++) {
      repo.write(`other-${i}.txt`, `${i}\n`)
      repo.git('add', '-A')
      repo.git('commit', '-q', '-m', `other ${i}`)
    }
    const store = new GitStore({ gitdir: path.join(repo.dir, '.git'), tempDir: path.join(repo.dir, '.git/tmp') })
    closers.push(() => store.close())
    const graph = new CommitGraph((oid) => store.readCommit(oid))
    const main = repo.git('rev-parse', 'main').trim()
    const other = repo.git('rev-parse', 'other').trim()
    const { ahead, behind, base } = await graph.compare(main, other)
    expect(ahead).toEqual(repo.git('rev-list', 'other..main').trim().split('\n'))
    expect(behind).toEqual(repo.git('rev-list', 'main..other').trim().split('\n'))
    expect(base).toBe(repo.git('merge-base', 'main', 'other').trim())
    expect(await graph.isAncestor(base!, main)).toBe(true)
    expect(await graph.isAncestor(other, main)).toBe(false)
    expect(await graph.compare(main, main)).toEqual({ ahead: [], behind: [], base: main })
  })
})

describe('ContentRepository.fileHistory', () => {
  it('lists what git log lists for the new path then the old one, on a packed history with a rename and a merge', async () => {
    buildHistory()
    const repository = await ContentRepository.open({ dir: repo.blogDir, logger: silentLogger })
    closers.push(() => repository.close())
    const history = await repository.fileHistory({ path: repo.file('content/blog/a-renamed.html'), identify })
    // git log --follow gives up here (the files are tiny, so a rename with an edit is under its
    // 50% similarity): the expected list is the new path's log, then the old path's before the rename.
    const log = (...args: string[]) => repo.git('log', '--format=%H %s', ...args).trim().split('\n')
    const renameCommit = log('-1', '--grep=rename a')[0]!.split(' ')[0]!
    const expected = [...log('--', 'content/blog/a-renamed.html'), ...log(`${renameCommit}^`, '--', 'content/blog/a.html')]
    expect(expected).toHaveLength(5)
    expect(history.map((entry) => `${entry.commit} ${entry.message}`)).toEqual(expected)
    expect(history.map((entry) => path.relative(repo.dir, entry.path))).toEqual([
      'content/blog/a-renamed.html',
      'content/blog/a-renamed.html',
      'content/blog/a-renamed.html',
      'content/blog/a.html',
      'content/blog/a.html',
    ])
    for (const entry of history) {
      expect(entry.blob).toBe(repo.git('rev-parse', `${entry.commit}:${path.relative(repo.dir, entry.path)}`).trim())
      expect(entry.author).toEqual({ name: 'Maintainer', email: 'maintainer@example.com' })
      expect(entry.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/)
    }
    // A rename to a file with another identity is not followed: that is another post.
    const other = await repository.fileHistory({ path: repo.file('content/blog/b.html'), identify })
    expect(other.map((entry) => entry.message.trim())).toEqual(['edit b and other files', 'Initial content'])
    expect(await repository.fileHistory({ path: repo.file('content/blog/missing.html'), identify })).toEqual([])

    // One more commit: the history grows by exactly that one, on top.
    const commit = await repository.commitFiles({
      changes: [{ path: repo.file('content/blog/a-renamed.html'), content: postFile('A', 'a-renamed', 'four') }],
      message: 'edit a through the server',
      author: ADA,
    })
    const after = await repository.fileHistory({ path: repo.file('content/blog/a-renamed.html'), identify, limit: 2 })
    expect(after.map((entry) => entry.commit)).toEqual([commit, history[0]!.commit])
  })
})
