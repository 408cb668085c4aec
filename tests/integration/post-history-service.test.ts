/**
 * A post's history and its restore on the services themselves, built by the composition root's functions
 * (admin-services.ts: PostHistory over a real repository, AdminPosts restoring through it),
 * without HTTP: the API test (tests/api/history.test.ts) keeps the routes' statuses and shapes.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ConflictError, InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { type AdminServices, createAdminServices } from './admin-services.ts'
import { ADA, postText } from './git-fixture.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A post through create, update, rename and update, with the commit of each step. */
async function setUp() {
  const w = await createAdminServices(cleanups, { posts: { 'by-hand.html': postText({ slug: 'by-hand', title: 'By hand', body: 'Committed by a maintainer.' }) } })
  const body = { title: 'First title', slug: 'history-first', summary: 'S.', content: '<p>Version one</p>' }
  let post = (await w.posts.create(body, ADA)).post
  const create = w.repo.head()
  post = (await w.posts.update(post.id, { ...post, title: 'Second title', content: '<p>Version two</p>' }, ADA)).post
  const update = w.repo.head()
  post = (await w.posts.update(post.id, { ...post, slug: 'history-renamed' }, ADA)).post
  const rename = w.repo.head()
  post = (await w.posts.update(post.id, { ...post, title: 'Third title', content: '<p>Version three</p>' }, ADA)).post
  const after = w.repo.head()
  return { w, post, commits: { create, update, rename, after } }
}

const commitCount = (w: AdminServices) => Number(w.repo.git('rev-list', '--count', 'HEAD').trim())

describe('PostHistory', () => {
  it('lists the commits that changed the post, newest first, following its rename as git log --follow does', async () => {
    const { w, post, commits } = await setUp()
    const history = await w.history.list(post.id)
    expect(history.map((entry) => entry.id)).toEqual([commits.after, commits.rename, commits.update, commits.create])
    expect(w.repo.git('log', '--follow', '--format=%H', '--', 'content/blog/history-renamed.html').trim().split('\n')).toEqual(history.map((entry) => entry.id))
    expect(history.map((entry) => entry.message)).toEqual([
      'blog: update "Third title" (history-renamed)',
      'blog: rename "Second title" (history-first → history-renamed)',
      'blog: update "Second title" (history-first)',
      'blog: create "First title" (history-first)',
    ])
    expect(history.map((entry) => entry.slug)).toEqual(['history-renamed', 'history-renamed', 'history-first', 'history-first'])
    for (const entry of history) {
      expect(entry.author).toEqual(ADA)
      expect(entry.date).toBe(new Date(Number(w.repo.git('show', '-s', '--format=%at', entry.id).trim()) * 1000).toISOString())
    }
  })

  it('shows a post committed by hand as its one commit, then follows a maintainer\'s rename (git mv and an edit)', async () => {
    const { w } = await setUp()
    const original = w.content.index.bySlugAny('by-hand')!
    const initial = w.repo.git('rev-list', '--max-parents=0', 'HEAD').trim()
    expect((await w.history.list(original.id)).map((entry) => [entry.id, entry.message, entry.author.name])).toEqual([[initial, 'Initial content', 'Maintainer']])

    w.repo.git('mv', 'content/blog/by-hand.html', 'content/blog/by-hand-renamed.html')
    w.repo.write('content/blog/by-hand-renamed.html', w.repo.read('content/blog/by-hand-renamed.html').replace(/^slug: .*$/m, 'slug: by-hand-renamed'))
    w.repo.git('add', 'content/blog/by-hand-renamed.html')
    w.repo.git('commit', '-q', '-m', 'Shorter slug')
    const renamedAt = w.repo.head()
    // What the folder watcher does once the files change.
    await w.content.reload(['by-hand.html', 'by-hand-renamed.html'])
    expect(w.content.index.byId(original.id)?.slug).toBe('by-hand-renamed')
    expect((await w.history.list(original.id)).map((entry) => [entry.id, entry.slug, entry.author.name])).toEqual([
      [renamedAt, 'by-hand-renamed', 'Maintainer'],
      [initial, 'by-hand', 'Maintainer'],
    ])
  })

  it('gives the post as a commit of its history left it, with that file version, before the rename too', async () => {
    const { w, post, commits } = await setUp()
    const blob = w.repo.git('rev-parse', `${commits.create}:content/blog/history-first.html`).trim()
    const first = await w.history.version(post.id, commits.create)
    expect(first).toMatchObject({ id: post.id, slug: 'history-first', title: 'First title', content: '<p>Version one</p>', version: blob })
    expect(Object.keys(first).sort()).toEqual(Object.keys(post).sort())
    expect(await w.history.version(post.id, commits.rename.toUpperCase())).toMatchObject({ slug: 'history-renamed', title: 'Second title' })
  })

  it('refuses what is not a full commit id, a commit outside the post\'s history and an unknown post', async () => {
    const { w, post, commits } = await setUp()
    for (const commit of ['HEAD', 'abc123', commits.create.slice(0, 39) + 'g', `${commits.create}0`, '../..', 42]) {
      await expect(w.history.version(post.id, commit as string), String(commit)).rejects.toThrow(InvalidInputError)
      await expect(w.history.version(post.id, commit as string)).rejects.toThrow(/commit must be a full commit id/)
    }
    const initial = w.repo.git('rev-list', '--max-parents=0', 'HEAD').trim()
    for (const commit of ['0'.repeat(40), initial]) await expect(w.history.version(post.id, commit)).rejects.toBeInstanceOf(NotFoundError)
    await expect(w.history.list('nosuchpost')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('answers a version whose file cannot be read as a conflict that says so', async () => {
    const { w } = await setUp()
    const id = w.content.index.bySlugAny('by-hand')!.id
    const good = w.repo.read('content/blog/by-hand.html')
    w.repo.write('content/blog/by-hand.html', good.replace('summary: Its summary.', 'summary: [unclosed'))
    w.repo.git('commit', '-q', '-am', 'Broken YAML')
    const broken = w.repo.head()
    w.repo.write('content/blog/by-hand.html', good)
    w.repo.git('commit', '-q', '-am', 'Fixed')
    await expect(w.history.version(id, broken)).rejects.toThrow(ConflictError)
    await expect(w.history.version(id, broken)).rejects.toThrow(/This version of the post cannot be read/)
  })
})

describe('restore (AdminPosts with PostHistory)', () => {
  it('restores a version from before a rename as ONE new commit on top: the current file removed, the old one back, the very bytes', async () => {
    const { w, post, commits } = await setUp()
    const before = commitCount(w)
    const oldHead = w.repo.head()
    const { post: restored, committed } = await w.posts.restore(post.id, { commit: commits.update, version: post.version }, ADA)
    expect(committed).toBe(true)
    expect(commitCount(w)).toBe(before + 1)
    expect(w.repo.git('rev-parse', 'HEAD^').trim()).toBe(oldHead)
    expect(w.repo.git('log', '-1', '--format=%s|%an <%ae>').trim()).toBe(
      `blog: restore "Second title" (history-renamed → history-first) to ${commits.update.slice(0, 7)}|${ADA.name} <${ADA.email}>`,
    )
    expect(w.repo.git('show', '--name-status', '--no-renames', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(['A\tcontent/blog/history-first.html', 'D\tcontent/blog/history-renamed.html'])
    const oldBlob = w.repo.git('rev-parse', `${commits.update}:content/blog/history-first.html`).trim()
    expect(w.repo.git('rev-parse', 'HEAD:content/blog/history-first.html').trim()).toBe(oldBlob)
    expect(restored).toMatchObject({ id: post.id, slug: 'history-first', title: 'Second title', content: '<p>Version two</p>', version: oldBlob })
    expect(w.repo.read('content/blog/history-first.html')).toContain('<p>Version two</p>')
    expect(w.repo.git('status', '--porcelain', '--', 'content/blog')).toBe('')
    expect(w.content.index.bySlugAny('history-first')?.title).toBe('Second title')
    expect(w.content.index.bySlugAny('history-renamed')).toBeUndefined()
    // Nothing rewritten: every earlier commit is still on the branch, and the history lists the restore.
    for (const commit of Object.values(commits)) w.repo.git('merge-base', '--is-ancestor', commit, 'HEAD')
    expect((await w.history.list(post.id)).map((entry) => entry.id)).toEqual([w.repo.head(), commits.after, commits.rename, commits.update, commits.create])
  })

  it('makes no commit when that version is already the current one', async () => {
    const { w, post, commits } = await setUp()
    const { post: restored } = await w.posts.restore(post.id, { commit: commits.update }, ADA)
    const before = commitCount(w)
    const again = await w.posts.restore(post.id, { commit: commits.update }, ADA)
    expect(again.committed).toBe(false)
    expect(again.post.version).toBe(restored.version)
    expect(commitCount(w)).toBe(before)
  })

  it('refuses a stale version, an old slug another post now uses, a bad commit and an unknown post, changing nothing', async () => {
    const { w, post, commits } = await setUp()
    await w.posts.restore(post.id, { commit: commits.update }, ADA)
    const current = w.posts.get(post.id)
    await expect(w.posts.restore(post.id, { commit: commits.after, version: '0'.repeat(40) }, ADA)).rejects.toBeInstanceOf(ConflictError)
    await w.posts.create({ title: 'Taken', slug: 'history-renamed', summary: 'S.', content: '<p>T</p>' }, ADA)
    const before = commitCount(w)
    await expect(w.posts.restore(post.id, { commit: commits.after }, ADA)).rejects.toThrow(/slug "history-renamed" is already used/)
    for (const body of [{}, { commit: 42 }, { commit: 'main' }, { commit: commits.create.slice(0, 7) }, []]) {
      await expect(w.posts.restore(post.id, body, ADA), JSON.stringify(body)).rejects.toBeInstanceOf(InvalidInputError)
    }
    await expect(w.posts.restore(post.id, { commit: 'f'.repeat(40) }, ADA)).rejects.toBeInstanceOf(NotFoundError)
    await expect(w.posts.restore('nosuchpost', { commit: commits.create }, ADA)).rejects.toBeInstanceOf(NotFoundError)
    expect(commitCount(w)).toBe(before)
    expect(w.posts.get(post.id).version).toBe(current.version)
    w.repo.git('fsck', '--full', '--strict')
  })
})
