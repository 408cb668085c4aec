import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { runGit } from '../support/git.ts'
import { ADA, createTempRepo, GIT_ENV, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/*
 * Each test leaves the repository as a save killed at one step would (journal → blobs →
 * work-tree files → commit and branch → index → journal removed), then opens it.
 */

let repo: TempRepo
let repository: ContentRepository | undefined

afterEach(async () => {
  await repository?.close()
  repository = undefined
  repo?.remove()
})

const A = post('a', 'A')
const B = post('b', 'B')
/** The interrupted save: edit a, delete b, add c. */
const A2 = post('a', 'A, edited')
const C = post('c', 'C')
const MESSAGE = 'Edit a, delete b, add c'

function setUp(): string {
  repo = createTempRepo({ posts: { 'a.html': A, 'b.html': B } })
  return repo.head()
}

function writeJournal(): void {
  const journal = {
    changes: [
      { path: 'content/blog/a.html', blobId: ContentRepository.blobId(A2) },
      { path: 'content/blog/b.html', blobId: null },
      { path: 'content/blog/c.html', blobId: ContentRepository.blobId(C) },
    ],
    message: MESSAGE + '\n',
    author: ADA,
    startedAt: '2025-10-01T12:00:00.000Z',
  }
  writeFileSync(repo.file('.git/watchio-save.json'), JSON.stringify(journal))
}

function writeBlobs(): void {
  repo.hashObject(A2)
  repo.hashObject(C)
}

function writeAllFiles(): void {
  repo.write('content/blog/a.html', A2)
  unlinkSync(repo.file('content/blog/b.html'))
  repo.write('content/blog/c.html', C)
}

/** A commit of the save made and the branch moved, but the index untouched (as git plumbing does it). */
function commitWithoutIndex(parent: string): string {
  const index = path.join(repo.dir, '.git', 'scratch-index')
  const git = (...args: string[]) => runGit(args, { cwd: repo.dir, env: { ...GIT_ENV, GIT_INDEX_FILE: index } }).trim()
  git('read-tree', parent)
  git('update-index', '--add', '--cacheinfo', `100644,${ContentRepository.blobId(A2)},content/blog/a.html`)
  git('update-index', '--force-remove', 'content/blog/b.html')
  git('update-index', '--add', '--cacheinfo', `100644,${ContentRepository.blobId(C)},content/blog/c.html`)
  const commit = git('commit-tree', git('write-tree'), '-p', parent, '-m', MESSAGE)
  git('update-ref', 'refs/heads/main', commit)
  unlinkSync(index)
  return commit
}

async function open(): Promise<{ repository: ContentRepository; lines: string[] }> {
  const logger = recordingLogger()
  repository = await ContentRepository.open({ dir: repo.blogDir, logger })
  return { repository, lines: logger.lines }
}

/** What must hold after any recovery: a clean object store, and files and index matching HEAD. */
function expectConsistent(): void {
  repo.git('fsck', '--full', '--strict')
  expect(repo.git('status', '--porcelain', '--', 'content/')).toBe('')
  expect(repo.git('diff-files', '--name-only')).toBe('')
  for (const name of ['a.html', 'b.html', 'c.html']) {
    const inHead = repo.git('ls-tree', '--name-only', 'HEAD', `content/blog/${name}`).trim() !== ''
    expect(existsSync(repo.file(`content/blog/${name}`))).toBe(inHead)
    if (inHead) expect(repo.read(`content/blog/${name}`)).toBe(repo.git('show', `HEAD:content/blog/${name}`))
  }
  expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(false)
}

describe('a save step failing in this process', () => {
  it('rolls the save back before its commit, restoring files already written, and rethrows', async () => {
    const before = setUp()
    // A file where the save needs a folder: writing content/blog/sub/x.html fails.
    repo.write('content/blog/sub', 'not a folder\n')
    const { repository, lines } = await open()

    const saving = repository.commitFiles({
      changes: [
        { path: repo.file('content/blog/a.html'), content: A2 },
        { path: repo.file('content/blog/sub/x.html'), content: 'x\n' },
      ],
      message: 'Doomed',
      author: ADA,
    })

    await expect(saving).rejects.toThrow(/ENOTDIR|EEXIST/)
    expect(lines.join('\n')).toMatch(/rolled back/i)
    expect(repo.head()).toBe(before)
    expect(repo.read('content/blog/a.html')).toBe(A)
    expect(repo.git('status', '--porcelain', '--', 'content/')).toBe('?? content/blog/sub\n')
    expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(false)
    // The next save works normally.
    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/a.html'), content: A2 }], message: 'Edit a', author: ADA })
    expect(repo.git('rev-parse', 'HEAD^').trim()).toBe(before)
  })

  it('keeps the journal when the index cannot be written, and settles it before the next save', async () => {
    const before = setUp()
    const { repository, lines } = await open()
    const index = repo.file('.git/index')
    const aside = repo.file('.git/index.aside')
    execFileSync('mv', [index, aside])
    mkdirSync(index)

    const failed = repository.commitFiles({ changes: [{ path: repo.file('content/blog/a.html'), content: A2 }], message: 'Edit a', author: ADA })

    await expect(failed).rejects.toThrow(/EISDIR/)
    // The commit had landed; only the index step failed, and the journal stays for the retry.
    const landed = repo.head()
    expect(repo.git('rev-parse', 'HEAD^').trim()).toBe(before)
    expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(true)
    expect(lines.join('\n')).toMatch(/could not be settled/)

    rmSync(index, { recursive: true })
    execFileSync('mv', [aside, index])
    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/c.html'), content: C }], message: 'Add c', author: ADA })

    expect(lines.join('\n')).toMatch(/completed/i)
    expect(repo.git('rev-parse', 'HEAD^').trim()).toBe(landed)
    expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(false)
    expect(repo.git('status', '--porcelain')).toBe('')
    repo.git('fsck', '--full', '--strict')
  })
})

describe('recovery at open', () => {
  it('rolls back a save that died right after writing its journal', async () => {
    const before = setUp()
    writeJournal()

    const { repository, lines } = await open()

    expect(repository.recovery.actions).toHaveLength(1)
    expect(repository.recovery.actions[0]).toMatch(/rolled back/i)
    expect(lines.join('\n')).toMatch(/rolled back/i)
    expect(repo.head()).toBe(before)
    expect(repo.read('content/blog/a.html')).toBe(A)
    expectConsistent()
  })

  it('rolls back a save that died while writing its files, restoring the ones already written, and removes temp files', async () => {
    const before = setUp()
    writeJournal()
    writeBlobs()
    repo.write('content/blog/a.html', A2)
    // c.html was being written: its temp file exists, truncated, never renamed.
    const blogTemp = repo.file('content/blog/.c.html.watchio-tmp-999999999-0a1b2c')
    writeFileSync(blogTemp, C.slice(0, 10))
    mkdirSync(repo.file('.git/watchio-tmp'), { recursive: true })
    const gitTemp = repo.file('.git/watchio-tmp/.index.watchio-tmp-999999999-3d4e5f')
    writeFileSync(gitTemp, 'DIRC')

    const { repository } = await open()

    expect(repository.recovery.actions.some((action) => /removed 2 stale temp file/i.test(action))).toBe(true)
    expect(repository.recovery.actions.some((action) => /rolled back/i.test(action))).toBe(true)
    expect(existsSync(blogTemp)).toBe(false)
    expect(existsSync(gitTemp)).toBe(false)
    expect(repo.head()).toBe(before)
    expect(repo.read('content/blog/a.html')).toBe(A)
    expect(repo.read('content/blog/b.html')).toBe(B)
    expect(existsSync(repo.file('content/blog/c.html'))).toBe(false)
    expectConsistent()
  })

  it('commits a save that died after writing all its files, with its message and author', async () => {
    const before = setUp()
    writeJournal()
    writeBlobs()
    writeAllFiles()

    const { repository, lines } = await open()

    expect(repository.recovery.actions).toHaveLength(1)
    expect(repository.recovery.actions[0]).toMatch(/committed a save interrupted by a crash/i)
    expect(lines.join('\n')).toMatch(/committed a save interrupted by a crash/i)
    expect(repo.git('show', '-s', '--format=%an|%ae|%cn|%s|%P', 'HEAD').trim()).toBe(`Ada Lovelace|ada@example.com|Ada Lovelace|${MESSAGE}|${before}`)
    expect(repo.git('show', '--name-status', '--format=', '--no-renames', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\tcontent/blog/c.html',
      'D\tcontent/blog/b.html',
      'M\tcontent/blog/a.html',
    ])
    expectConsistent()
  })

  it('commits a save whose blobs were never written if its files were (the blobs come from the files)', async () => {
    const before = setUp()
    writeJournal()
    writeAllFiles()

    const { repository } = await open()

    expect(repository.recovery.actions[0]).toMatch(/committed/i)
    expect(repo.git('rev-parse', 'HEAD^').trim()).toBe(before)
    expectConsistent()
  })

  it('completes a save that died after moving the branch, before updating the index: no second commit', async () => {
    const before = setUp()
    writeJournal()
    writeBlobs()
    writeAllFiles()
    const landed = commitWithoutIndex(before)
    // The index still holds the old versions: git sees the save's paths as changed.
    expect(repo.git('status', '--porcelain', '--', 'content/')).not.toBe('')

    const { repository, lines } = await open()

    expect(repository.recovery.actions).toHaveLength(1)
    expect(repository.recovery.actions[0]).toMatch(/completed/i)
    expect(lines.join('\n')).toMatch(/completed/i)
    expect(repo.head()).toBe(landed)
    expectConsistent()
  })

  it('completes a save that died after moving the branch even if a file had not been renamed into place', async () => {
    const before = setUp()
    writeJournal()
    writeBlobs()
    commitWithoutIndex(before)
    // Files as before the save: recovery writes HEAD's versions.

    const { repository } = await open()

    expect(repository.recovery.actions[0]).toMatch(/completed/i)
    expect(repo.read('content/blog/a.html')).toBe(A2)
    expectConsistent()
  })

  it('sets an unreadable journal aside instead of acting on it', async () => {
    setUp()
    writeFileSync(repo.file('.git/watchio-save.json'), '{"changes": [{"path": "../../etc/passwd", "blobId": null}]')

    const { repository } = await open()

    expect(repository.recovery.actions[0]).toMatch(/unreadable save journal/i)
    expect(readdirSync(repo.file('.git')).some((name) => name.startsWith('watchio-save.json.unreadable-'))).toBe(true)
    expectConsistent()
  })

  it('reports nothing when there was nothing to recover', async () => {
    setUp()
    const { repository } = await open()
    expect(repository.recovery.actions).toEqual([])
  })

  it('leaves the repository consistent whenever a saving process is killed with SIGKILL', async () => {
    setUp()
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'watchio-crash-'))
    const module = fileURLToPath(new URL('../../server/git/content-repository.ts', import.meta.url))
    const script = path.join(scratch, 'writer.mts')
    // Saves as fast as it can; big files widen the window for dying mid-write.
    writeFileSync(
      script,
      `import { ContentRepository } from ${JSON.stringify(module)}
const blog = process.argv[2]
const quiet = { info() {}, warn() {}, error() {} }
const repository = await ContentRepository.open({ dir: blog, logger: quiet })
console.log('ready')
const filler = '<p>' + 'x'.repeat(200_000) + '</p>\\n'
for (let n = 0; ; n++) {
  const from = blog + '/r-' + (n % 2) + '.html', to = blog + '/r-' + ((n + 1) % 2) + '.html'
  await repository.commitFiles({
    changes: [
      { path: blog + '/a.html', content: 'save ' + n + '\\n' + filler },
      { path: from, content: null },
      { path: to, content: 'renamed ' + n + '\\n' + filler },
    ],
    message: 'save ' + n,
    author: { name: 'Crash', email: 'crash@example.com' },
  })
  console.log('saved ' + n)
}
`,
    )
    try {
      let commits = Number(repo.git('rev-list', '--count', 'HEAD'))
      for (const saves of [1, 2, 4]) {
        const child = spawn(process.execPath, ['--import', 'tsx', script, repo.blogDir], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
        // Killed once it has said `saves` saves landed, in the middle of the next one (it saves
        // without a pause), by counting its saves rather than timing them: a busy machine then
        // kills it at the same point of its work as a quiet one.
        await new Promise<void>((resolve, reject) => {
          let output = ''
          child.stdout.on('data', (data: Buffer) => (output += data.toString()).includes(`saved ${saves - 1}\n`) && resolve())
          child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)))
        })
        const exited = new Promise((resolve) => child.on('exit', resolve))
        child.kill('SIGKILL')
        await exited

        const { repository: reopened } = await open()
        expect(repo.git('status', '--porcelain', '--', 'content/')).toBe('')
        repo.git('fsck', '--full', '--strict')
        expect(readdirSync(repo.blogDir).filter((name) => name.includes('watchio-tmp'))).toEqual([])
        expect(readdirSync(repo.file('.git/watchio-tmp'))).toEqual([])
        expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(false)
        await reopened.close()
        repository = undefined
        const now = Number(repo.git('rev-list', '--count', 'HEAD'))
        expect(now).toBeGreaterThan(commits)
        commits = now
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  })
})
