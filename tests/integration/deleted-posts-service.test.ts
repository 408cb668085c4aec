/**
 * What a history says in words, a version beside the current one, and deleted posts (listed from
 * git, their histories, bringing one back), on the services themselves (admin-services.ts builds
 * them as the composition root does, server/compose/), over a real repository. tests/api/history.test.ts keeps the
 * routes' statuses and shapes.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ConflictError, InvalidInputError, NotFoundError } from '../../server/lib/errors.ts'
import { type AdminServices, createAdminServices } from './admin-services.ts'
import { ADA, postText } from './git-fixture.ts'

/** A heading as the page renders it, which compare shows: its id and its link. */
const HEADING_AS_RENDERED = '<h2 id="heading">Heading<a href="#heading" class="heading-anchor" aria-label="Link to the section “Heading”"></a></h2>'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const BOB = { name: 'Bob Builder', email: 'bob@example.com' }
const commitCount = (w: AdminServices) => Number(w.repo.git('rev-list', '--count', 'HEAD').trim())

async function setUp() {
  return createAdminServices(cleanups, { posts: { 'by-hand.html': postText({ slug: 'by-hand', title: 'By hand', body: 'Committed by a maintainer.' }) } })
}

describe('PostHistory: what each commit changed, in words', () => {
  it('says created, the fields changed, published and unpublished, from the versions themselves; a save writes the same words in its message', async () => {
    const w = await setUp()
    let post = (await w.posts.create({ title: 'Words', slug: 'words', summary: 'S.', content: '<p>One</p>' }, ADA)).post
    post = (await w.posts.update(post.id, { ...post, title: 'Words again', content: '<p>Two</p>' }, ADA)).post
    post = (await w.posts.update(post.id, { ...post, isPublished: true }, BOB)).post
    post = (await w.posts.update(post.id, { ...post, isPublished: false, summary: 'Shorter.' }, ADA)).post
    post = (await w.posts.update(post.id, { ...post, slug: 'words-moved', publishDate: '2026-01-02', featuredImageUrl: '/images/blog/a.svg' }, ADA)).post
    const history = await w.history.list(post.id)
    expect(history.map((entry) => entry.change)).toEqual([
      { kind: 'edited', fields: ['slug', 'publishDate', 'featuredImageUrl'] },
      { kind: 'unpublished', fields: ['summary'] },
      { kind: 'published', fields: [] },
      { kind: 'edited', fields: ['title', 'content'] },
      { kind: 'created', fields: [] },
    ])
    expect(history.map((entry) => entry.author.name)).toEqual([ADA.name, ADA.name, BOB.name, ADA.name, ADA.name])
    // The first line is as before; the body says what changed.
    expect(w.repo.git('log', '--format=%B%x00', '-5').split('\0').map((message) => message.trim()).filter(Boolean)).toEqual([
      'blog: rename "Words again" (words → words-moved)\n\nSlug, publish date and featured image.',
      'blog: unpublish "Words again" (words)\n\nUnpublished; changed summary.',
      'blog: publish "Words again" (words)\n\nPublished.',
      'blog: update "Words again" (words)\n\nTitle and content.',
      'blog: create "Words" (words)\n\nCreated.',
    ])
    expect(history.map((entry) => entry.message)).toEqual(w.repo.git('log', '--format=%s', '-5').trim().split('\n'))
  })

  it('says what old commits changed too (a maintainer\'s, one-line messages), and a restore names the version it brought back, trailer or not', async () => {
    const w = await setUp()
    const id = w.content.index.bySlugAny('by-hand')!.id
    const initial = w.repo.head()
    w.repo.write('content/blog/by-hand.html', w.repo.read('content/blog/by-hand.html').replace('title: By hand', 'title: By hand, edited'))
    w.repo.git('commit', '-q', '-am', 'Edit the title by hand')
    // A restore as the server wrote it before its messages had a body.
    w.repo.write('content/blog/by-hand.html', w.repo.git('show', `${initial}:content/blog/by-hand.html`))
    w.repo.git('commit', '-q', '-am', `blog: restore "By hand" (by-hand) to ${initial.slice(0, 7)}`)
    await w.content.reload(['by-hand.html'])
    const current = w.posts.get(id)
    await w.posts.update(id, { ...current, content: '<p>Newer words.</p>' }, ADA)
    const edited = w.repo.head()
    await w.posts.restore(id, { commit: initial }, BOB)
    const history = await w.history.list(id)
    const initialRef = { commit: initial, author: { name: 'Maintainer', email: expect.any(String) }, date: expect.any(String) }
    expect(history.map((entry) => entry.change)).toEqual([
      { kind: 'restored', fields: ['content'], restoredFrom: initialRef },
      { kind: 'edited', fields: ['content'] },
      { kind: 'restored', fields: ['title'], restoredFrom: initialRef },
      { kind: 'edited', fields: ['title'] },
      { kind: 'created', fields: [] },
    ])
    const message = w.repo.git('log', '-1', '--format=%B').trim()
    expect(message.split('\n')[0]).toBe(`blog: restore "By hand" (by-hand) to ${initial.slice(0, 7)}`)
    const day = new Date(history.at(-1)!.date).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    expect(message).toContain(`Restored from ${day} (content).`)
    expect(message).toMatch(new RegExp(`\\nRestored-from: ${initial}$`))
    expect(edited).not.toBe(w.repo.head())
  })
})

describe('PostHistory.compare', () => {
  it('gives only the fields that differ, and the content as the page renders it with the words inserted and removed marked', async () => {
    const w = await setUp()
    let post = (await w.posts.create({ title: 'Compare', slug: 'compare', summary: 'S.', content: '<h2>Heading</h2>\n<p>One two three.</p>\n<p>Gone <em>soon</em>.</p>' }, ADA)).post
    const first = w.repo.head()
    post = (await w.posts.update(post.id, { ...post, title: 'Compared', isPublished: true, content: '<h2>Heading</h2>\n<p>One two four &amp; <script>alert(1)</script>more.</p>' }, ADA)).post
    const comparison = await w.history.compare(post.id, first)
    expect(comparison.from).toMatchObject({ commit: first, author: ADA, slug: 'compare' })
    expect(comparison.fields).toEqual([
      { name: 'title', before: 'Compare', after: 'Compared' },
      { name: 'isPublished', before: false, after: true },
    ])
    expect(comparison.content).toEqual({
      html: `${HEADING_AS_RENDERED}\n<p>One two <del>three</del><ins>four &amp; more</ins>.</p>\n<p><del>Gone </del><em><del>soon</del></em><del>.</del></p>`,
      inserted: 2,
      removed: 3,
    })
    const same = await w.history.compare(post.id, w.repo.head())
    expect(same).toMatchObject({ fields: [], content: { inserted: 0, removed: 0, html: post.content.replace('<h2>Heading</h2>', HEADING_AS_RENDERED) } })
    await expect(w.history.compare(post.id, 'abc')).rejects.toBeInstanceOf(InvalidInputError)
    await expect(w.history.compare(post.id, '0'.repeat(40))).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('deleted posts', () => {
  it('lists the posts whose file was removed, newest deletion first, with who deleted them and when, once each, never a renamed or a live one', async () => {
    const w = await setUp()
    const a = (await w.posts.create({ title: 'Post A', slug: 'post-a', summary: 'A.', content: '<p>A</p>' }, ADA)).post
    let b = (await w.posts.create({ title: 'Post B', slug: 'post-b', summary: 'B.', content: '<p>B</p>' }, ADA)).post
    b = (await w.posts.update(b.id, { ...b, slug: 'post-b-moved' }, ADA)).post
    await w.posts.remove(a.id, undefined, BOB)
    const aDeleted = w.repo.head()
    await w.posts.remove(b.id, undefined, ADA)
    const bDeleted = w.repo.head()
    // A maintainer's git rm is a deletion too.
    const byHand = w.content.index.bySlugAny('by-hand')!
    w.repo.git('rm', '-q', 'content/blog/by-hand.html')
    w.repo.git('commit', '-q', '-m', 'Remove the old post')
    const handDeleted = w.repo.head()
    await w.content.reload(['by-hand.html'])

    const deleted = await w.history.deletedPosts()
    expect(deleted.map((post) => [post.id, post.slug, post.title, post.deleted.commit, post.deleted.author.name])).toEqual([
      [byHand.id, 'by-hand', 'By hand', handDeleted, 'Maintainer'],
      [b.id, 'post-b-moved', 'Post B', bDeleted, ADA.name],
      [a.id, 'post-a', 'Post A', aDeleted, BOB.name],
    ])
    expect(deleted[2]!.deleted.date).toBe(new Date(Number(w.repo.git('show', '-s', '--format=%at', aDeleted).trim()) * 1000).toISOString())
    expect(deleted[2]!.summary).toBe('A.')
    // Its last version is the commit that last changed it (not merely the one before the deletion).
    expect(deleted[2]!.lastVersion.commit).toBe(w.repo.git('log', '-1', '--format=%H', `${aDeleted}^`, '--', 'content/blog/post-a.html').trim())

    // Its history: the deletion, then every version, across the rename.
    const history = await w.history.list(b.id)
    expect(history.map((entry) => entry.change.kind)).toEqual(['deleted', 'edited', 'created'])
    expect(history.map((entry) => entry.slug)).toEqual(['post-b-moved', 'post-b-moved', 'post-b'])
    await expect(w.history.version(b.id, bDeleted)).rejects.toThrow(/deleted the post/)
    expect((await w.history.compare(b.id, history[2]!.id)).fields).toEqual([{ name: 'slug', before: 'post-b', after: 'post-b-moved' }])
  })

  it('restores a deleted post as one commit (its last version by default, or one named), live at once, with its history continuing', async () => {
    const w = await setUp()
    let post = (await w.posts.create({ title: 'Back again', slug: 'back-again', summary: 'S.', content: '<p>One</p>' }, ADA)).post
    const first = w.repo.head()
    post = (await w.posts.update(post.id, { ...post, content: '<p>Two</p>' }, ADA)).post
    const second = w.repo.head()
    await w.posts.remove(post.id, undefined, BOB)
    const deletion = w.repo.head()
    const before = commitCount(w)
    const { post: restored, committed } = await w.posts.undelete(post.id, {}, ADA)
    expect(committed).toBe(true)
    expect(commitCount(w)).toBe(before + 1)
    expect(restored).toMatchObject({ id: post.id, slug: 'back-again', title: 'Back again', content: '<p>Two</p>' })
    expect(w.repo.git('show', '--name-status', '--format=%s', 'HEAD').trim().split('\n').filter(Boolean)).toEqual([
      `blog: restore "Back again" (back-again) to ${second.slice(0, 7)}`,
      'A\tcontent/blog/back-again.html',
    ])
    expect(w.repo.git('rev-parse', 'HEAD:content/blog/back-again.html').trim()).toBe(w.repo.git('rev-parse', `${second}:content/blog/back-again.html`).trim())
    expect(w.content.index.byId(post.id)?.title).toBe('Back again')
    expect(await w.history.deletedPosts()).toEqual([])
    // Its history goes on through the deletion to its first version.
    const history = await w.history.list(post.id)
    expect(history.map((entry) => [entry.id, entry.change.kind])).toEqual([
      [w.repo.head(), 'restored'],
      [second, 'edited'],
      [first, 'created'],
    ])
    expect(history[0]!.change.restoredFrom?.commit).toBe(second)
    expect(deletion).not.toBe(w.repo.head())

    // Deleted again, then brought back as its first version.
    await w.posts.remove(post.id, undefined, ADA)
    const again = await w.posts.undelete(post.id, { commit: first }, ADA)
    expect(again.post.content).toBe('<p>One</p>')
  })

  it('refuses to restore a deleted post whose slug another post took, or whose id is live, and a bad or unknown one, changing nothing', async () => {
    const w = await setUp()
    const post = (await w.posts.create({ title: 'Taken over', slug: 'taken', summary: 'S.', content: '<p>One</p>' }, ADA)).post
    await w.posts.remove(post.id, undefined, ADA)
    await w.posts.create({ title: 'The new one', slug: 'taken', summary: 'S.', content: '<p>New</p>' }, ADA)
    const before = commitCount(w)
    await expect(w.posts.undelete(post.id, {}, ADA)).rejects.toBeInstanceOf(ConflictError)
    await expect(w.posts.undelete(post.id, {}, ADA)).rejects.toThrow('"Taken over" cannot be restored: its slug "taken" is used by the post "The new one" now. Change that post\'s slug first.')
    const live = w.content.index.bySlugAny('by-hand')!
    await expect(w.posts.undelete(live.id, {}, ADA)).rejects.toThrow(/This post is not deleted: "By hand" \(by-hand\) has its id/)
    await expect(w.posts.undelete('nosuchpost', {}, ADA)).rejects.toBeInstanceOf(NotFoundError)
    await expect(w.posts.undelete(post.id, { commit: 'main' }, ADA)).rejects.toBeInstanceOf(InvalidInputError)
    await expect(w.posts.undelete(post.id, { commit: 'f'.repeat(40) }, ADA)).rejects.toBeInstanceOf(NotFoundError)
    expect(commitCount(w)).toBe(before)
    expect((await w.history.deletedPosts()).map((deleted) => deleted.id)).toEqual([post.id])
  })
})
