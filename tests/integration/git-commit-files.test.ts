import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { ADA, createTempRepo, post, type TempRepo } from './git-fixture.ts'

let repo: TempRepo
let repository: ContentRepository | undefined

afterEach(async () => {
  await repository?.close()
  repository = undefined
  repo?.remove()
})

async function open(target: TempRepo): Promise<ContentRepository> {
  repository = await ContentRepository.open({ dir: target.blogDir, logger: silentLogger })
  return repository
}

/** `git show --name-status` of a commit: its files as `A\tpath` lines. */
function changedFiles(commit: string): string[] {
  return repo.git('show', '--name-status', '--format=', '--no-renames', commit).trim().split('\n').sort()
}

describe('ContentRepository.commitFiles', () => {
  it('makes one commit with the author as author and committer, the message, only the given file, on top of HEAD', async () => {
    repo = createTempRepo()
    const before = repo.head()
    const repository = await open(repo)
    const text = post('news', 'Fresh')

    const commit = await repository.commitFiles({
      changes: [{ path: repo.file('content/blog/news.html'), content: text }],
      message: 'Add post "news"',
      author: ADA,
    })

    expect(commit).toBe(repo.head())
    expect(repo.git('show', '-s', '--format=%an|%ae|%cn|%ce|%s|%P', 'HEAD').trim()).toBe(
      `Ada Lovelace|ada@example.com|Ada Lovelace|ada@example.com|Add post "news"|${before}`,
    )
    expect(changedFiles('HEAD')).toEqual(['A\tcontent/blog/news.html'])
    expect(repo.git('show', 'HEAD:content/blog/news.html')).toBe(text)
    expect(repo.read('content/blog/news.html')).toBe(text)
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('2')
    expect(repo.git('status', '--porcelain')).toBe('')
    repo.git('fsck', '--full', '--strict')
  })

  it('returns null and makes no commit when every change already matches HEAD', async () => {
    repo = createTempRepo({ posts: { 'welcome.html': post('welcome', 'Hello') } })
    const before = repo.head()
    const repository = await open(repo)

    const commit = await repository.commitFiles({
      changes: [{ path: repo.file('content/blog/welcome.html'), content: post('welcome', 'Hello') }],
      message: 'Nothing really',
      author: ADA,
    })

    expect(commit).toBeNull()
    expect(repo.head()).toBe(before)
    expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(false)
  })

  it('commits a rename as one commit: the old path deleted, the new one added', async () => {
    repo = createTempRepo({ posts: { 'old-name.html': post('old-name', 'Body') } })
    const repository = await open(repo)

    await repository.commitFiles({
      changes: [
        { path: repo.file('content/blog/old-name.html'), content: null },
        { path: repo.file('content/blog/new-name.html'), content: post('new-name', 'Body') },
      ],
      message: 'Rename old-name to new-name',
      author: ADA,
    })

    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('2')
    expect(changedFiles('HEAD')).toEqual(['A\tcontent/blog/new-name.html', 'D\tcontent/blog/old-name.html'])
    expect(existsSync(repo.file('content/blog/old-name.html'))).toBe(false)
    expect(repo.git('status', '--porcelain', '--', 'content/')).toBe('')
    repo.git('fsck', '--full')
  })

  it('commits a delete as one commit and removes the file', async () => {
    repo = createTempRepo({ posts: { 'a.html': post('a', 'A'), 'b.html': post('b', 'B') } })
    const repository = await open(repo)

    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/a.html'), content: null }], message: 'Delete a', author: ADA })

    expect(changedFiles('HEAD')).toEqual(['D\tcontent/blog/a.html'])
    expect(existsSync(repo.file('content/blog/a.html'))).toBe(false)
    expect(repo.git('ls-tree', '-r', '--name-only', 'HEAD').trim().split('\n')).toEqual(['README.md', 'content/blog/b.html'])
    expect(repo.git('status', '--porcelain')).toBe('')
  })

  it('leaves a file the user staged staged and uncommitted, and a modified file modified', async () => {
    repo = createTempRepo()
    repo.write('README.md', '# Site, edited and staged\n')
    repo.git('add', 'README.md')
    repo.write('notes.txt', 'staged new file\n')
    repo.git('add', 'notes.txt')
    repo.write('content/blog/welcome.html', post('welcome', 'edited by hand, not staged'))
    const repository = await open(repo)

    await repository.commitFiles({
      changes: [{ path: repo.file('content/blog/news.html'), content: post('news', 'Fresh') }],
      message: 'Add news',
      author: ADA,
    })

    expect(changedFiles('HEAD')).toEqual(['A\tcontent/blog/news.html'])
    expect(repo.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
      ' M content/blog/welcome.html',
      'A  notes.txt',
      'M  README.md',
    ])
    expect(repo.git('status', '--porcelain', '--', 'content/blog/news.html')).toBe('')
    expect(repo.git('diff', '--cached', '--name-only').trim().split('\n')).toEqual(['README.md', 'notes.txt'])
    repo.git('fsck', '--full')
  })

  it('stages exactly the committed blob with the file’s real stats, so git sees the file clean without re-reading it', async () => {
    repo = createTempRepo()
    const repository = await open(repo)
    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/news.html'), content: post('news', 'x') }], message: 'Add', author: ADA })

    const [mode, oid] = repo.git('ls-files', '-s', 'content/blog/news.html').split(/\s+/)
    expect(mode).toBe('100644')
    expect(oid).toBe(repo.git('rev-parse', 'HEAD:content/blog/news.html').trim())
    // diff-files does not refresh stats: a stale stat entry would be listed here.
    expect(repo.git('diff-files', '--name-only')).toBe('')
  })

  it('reads an index in version 4 (path-compressed) and keeps its staged entries', async () => {
    repo = createTempRepo({ posts: { 'a.html': post('a', 'A'), 'b.html': post('b', 'B') } })
    repo.write('README.md', '# staged\n')
    repo.git('add', 'README.md')
    repo.git('update-index', '--index-version', '4')
    const repository = await open(repo)

    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/b.html'), content: post('b', 'B2') }], message: 'Edit b', author: ADA })

    expect(repo.git('status', '--porcelain')).toBe('M  README.md\n')
    expect(repo.git('ls-files').trim().split('\n')).toEqual(['README.md', 'content/blog/a.html', 'content/blog/b.html'])
  })

  it('runs 20 concurrent saves one after another: 20 commits, linear history, every file in HEAD', async () => {
    repo = createTempRepo()
    const repository = await open(repo)
    const slugs = Array.from({ length: 20 }, (_, i) => `post-${i}`)

    const commits = await Promise.all(
      slugs.map((slug) =>
        repository.commitFiles({ changes: [{ path: repo.file(`content/blog/${slug}.html`), content: post(slug, slug) }], message: `Add ${slug}`, author: ADA }),
      ),
    )

    expect(new Set(commits).size).toBe(20)
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('21')
    expect(repo.git('log', '--merges', '--oneline')).toBe('')
    // Each commit's parent is the one before it, in call order.
    const parents = repo.git('log', '--format=%H %P', '-20').trim().split('\n').reverse()
    parents.forEach((line, i) => {
      expect(line.split(' ')[0]).toBe(commits[i])
      if (i > 0) expect(line.split(' ')[1]).toBe(commits[i - 1])
    })
    const files = repo.git('ls-tree', '--name-only', 'HEAD', 'content/blog/').trim().split('\n')
    for (const slug of slugs) expect(files).toContain(`content/blog/${slug}.html`)
    expect(repo.git('status', '--porcelain')).toBe('')
    repo.git('fsck', '--full')
  })

  it('commits on a branch with no commit yet (no parent), creating the folders', async () => {
    repo = createTempRepo({ empty: true })
    const repository = await ContentRepository.open({ dir: repo.dir, logger: silentLogger })
    try {
      expect(await repository.currentBranch()).toBe('main')
      const commit = await repository.commitFiles({
        changes: [{ path: repo.file('content/blog/first.html'), content: post('first', 'First') }],
        message: 'First post',
        author: ADA,
      })
      expect(commit).toBe(repo.head())
      expect(repo.git('show', '-s', '--format=%P', 'HEAD').trim()).toBe('')
      expect(repo.git('ls-tree', '-r', '--name-only', 'HEAD').trim()).toBe('content/blog/first.html')
      expect(repo.git('status', '--porcelain')).toBe('')
      repo.git('fsck', '--full')
    } finally {
      await repository.close()
    }
  })

  it('commits on the branch HEAD points at, and drops a folder left empty', async () => {
    repo = createTempRepo({ posts: { 'a.html': post('a', 'A') } })
    repo.write('content/pages/only.html', 'only\n')
    repo.git('add', '.')
    repo.git('commit', '-q', '-m', 'pages')
    repo.git('checkout', '-q', '-b', 'drafts')
    const repository = await open(repo)
    expect(await repository.currentBranch()).toBe('drafts')

    await repository.commitFiles({ changes: [{ path: repo.file('content/pages/only.html'), content: null }], message: 'Drop pages', author: ADA })

    expect(repo.git('rev-parse', 'drafts').trim()).toBe(repo.head())
    expect(repo.git('rev-list', '--count', 'main').trim()).toBe('2')
    expect(repo.git('ls-tree', '-d', '--name-only', 'HEAD:content').trim()).toBe('blog')
    repo.git('fsck', '--full', '--strict')
  })

  it('refuses paths outside the work tree or inside .git, before writing anything', async () => {
    repo = createTempRepo()
    const before = repo.head()
    const repository = await open(repo)
    for (const bad of [path.join(repo.dir, '..', 'elsewhere.html'), repo.file('.git/config'), repo.dir]) {
      await expect(repository.commitFiles({ changes: [{ path: bad, content: 'x' }], message: 'Bad', author: ADA })).rejects.toThrow(/not a file path inside/)
    }
    expect(repo.head()).toBe(before)
    expect(repo.git('status', '--porcelain')).toBe('')
  })

  it('keeps author names from corrupting the commit', async () => {
    repo = createTempRepo()
    const repository = await open(repo)
    await repository.commitFiles({
      changes: [{ path: repo.file('content/blog/x.html'), content: 'x\n' }],
      message: 'Subject\n\nBody line\n\n\n',
      author: { name: 'Eve <evil>\nInjected', email: '<eve@example.com>' },
    })
    expect(repo.git('show', '-s', '--format=%an|%ae').trim()).toBe('Eve evilInjected|eve@example.com')
    expect(repo.git('cat-file', 'commit', 'HEAD').endsWith('Subject\n\nBody line\n')).toBe(true)
    repo.git('fsck', '--full', '--strict')
  })

  it('transaction() runs check-then-commit work alone, with the commit on the transaction', async () => {
    repo = createTempRepo()
    const repository = await open(repo)
    const order: string[] = []

    let second: Promise<string | undefined> | undefined
    const first = repository.transaction(async (tx) => {
      order.push('first: start')
      // Another write asked for while this one is open: its work may start only once this returns
      // (this commit's file and git I/O gives it every chance to start before, were it not held).
      second = repository.transaction(async (other) => {
        order.push('second: start')
        return (await other.commitFiles({ changes: [{ path: repo.file('content/blog/b.html'), content: 'b\n' }], message: 'B', author: ADA }))?.commit
      })
      const saved = await tx.commitFiles({ changes: [{ path: repo.file('content/blog/a.html'), content: 'a\n' }], message: 'A', author: ADA })
      order.push('first: end')
      return saved?.commit
    })

    const a = await first
    const b = await second!
    expect(order).toEqual(['first: start', 'first: end', 'second: start'])
    expect(repo.git('show', '-s', '--format=%P', b!).trim()).toBe(a)
  })

  it('a transaction refuses calls once its work has returned, and a second call while one runs; a branch commit joins it by { tx }', async () => {
    repo = createTempRepo()
    const repository = await open(repo)
    const change = (name: string) => ({ changes: [{ path: repo.file(`content/blog/${name}.html`), content: `${name}\n` }], message: name, author: ADA })

    const leaked = await repository.transaction(async (tx) => tx)
    await expect(leaked.commitFiles(change('late'))).rejects.toThrow('This repository transaction has ended')
    const overlapping = await repository.transaction(async (tx) => {
      const first = tx.commitFiles(change('one'))
      const second = await tx.commitFiles(change('two')).catch((error: unknown) => error)
      await first
      return second
    })
    expect(String(overlapping)).toContain('one call at a time')
    // Taking the repository again inside would wait for itself forever; `{ tx }` runs inside instead.
    const side = await repository.transaction(async (tx) => {
      const saved = await tx.commitFiles(change('three'))
      const branch = await repository.sideBranches().commit({ branch: 'cms/three', ...change('review'), tx })
      return { saved, branch }
    })
    expect(repo.git('log', '--format=%s', 'main').trim().split('\n').slice(0, 2)).toEqual(['three', 'one'])
    expect(repo.git('rev-parse', 'cms/three').trim()).toBe(side.branch)
    expect(repo.git('rev-parse', 'cms/three~1').trim()).toBe(side.saved!.commit)
    expect(existsSync(repo.file('content/blog/late.html'))).toBe(false)
    expect(existsSync(repo.file('content/blog/two.html'))).toBe(false)
  })

  it('says what a save wrote: each file\'s blob, and its lstat right after the write, which is also its index entry', async () => {
    repo = createTempRepo({ posts: { 'a.html': post('a', 'A') } })
    const repository = await open(repo)
    const text = post('b', 'B')
    const saved = await repository.transaction((tx) =>
      tx.commitFiles({
        changes: [
          { path: repo.file('content/blog/a.html'), content: null },
          { path: repo.file('content/blog/b.html'), content: Buffer.from(text), blobId: ContentRepository.blobId(text) },
        ],
        message: 'a → b',
        author: ADA,
      }),
    )
    const [removed, written] = saved!.written!
    expect(removed).toEqual({ path: repo.file('content/blog/a.html'), blobId: null, stats: null })
    expect(written!.blobId).toBe(repo.git('rev-parse', 'HEAD:content/blog/b.html').trim())
    const now = statSync(repo.file('content/blog/b.html'), { bigint: true })
    expect([written!.stats!.ino, written!.stats!.size, written!.stats!.mtimeNs]).toEqual([now.ino, now.size, now.mtimeNs])
    // git trusts the index entry's stat: the file reads as clean without being hashed again.
    expect(repo.git('status', '--porcelain').trim()).toBe('')
    expect(repo.git('diff-files', '--quiet', '--', 'content/blog/b.html')).toBe('')
  })

  it('computes the same blob id as git hash-object', () => {
    repo = createTempRepo()
    for (const text of ['', 'plain\n', 'üñíçødé ✓ 😀\n', post('x', 'y')]) {
      repo.write('probe.txt', text)
      expect(ContentRepository.blobId(text)).toBe(repo.git('hash-object', 'probe.txt').trim())
    }
  })

  it('replaces the post, the branch ref and the index by rename (a new inode), never rewriting them in place', async () => {
    repo = createTempRepo({ posts: { 'a.html': post('a', 'A') } })
    const watched = ['content/blog/a.html', '.git/refs/heads/main', '.git/index']
    const repository = await open(repo)
    const inodes = () => watched.map((relative) => statSync(repo.file(relative)).ino)
    const before = inodes()

    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/a.html'), content: post('a', 'A, edited') }], message: 'Edit a', author: ADA })

    const after = inodes()
    watched.forEach((relative, i) => expect(after[i], relative).not.toBe(before[i]))
  })

  it('leaves no temp file and no journal behind', async () => {
    repo = createTempRepo()
    const repository = await open(repo)
    await repository.commitFiles({ changes: [{ path: repo.file('content/blog/n.html'), content: 'n\n' }], message: 'N', author: ADA })
    expect(readdirSync(repo.blogDir).filter((name) => name.startsWith('.'))).toEqual([])
    expect(readdirSync(repo.file('.git/watchio-tmp'))).toEqual([])
    expect(existsSync(repo.file('.git/watchio-save.json'))).toBe(false)
  })
})
