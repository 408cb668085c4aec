/**
 * The write path of a save, on the services themselves (AdminPosts, ContentSync, BlogContent with
 * its folder watcher) over real repositories: the repository's transaction is the one lock (a
 * save never checks its version against a file a pull is replacing), the index takes what a save
 * wrote without reading it back, and the watcher skips the server's own writes but not an edit by
 * hand. What is read is seen through a PostFiles that counts the files it reads.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PostFiles, readPostBytes, type ReadResult } from '../../server/content/post-files.ts'
import { buildPostServices } from '../../server/compose/admin.ts'
import { buildContentSync } from '../../server/compose/content-sync.ts'
import { openPostContent } from '../../server/compose/site.ts'
import { PostPaths } from '../../server/content/post-paths.ts'
import { ConflictError } from '../../server/lib/errors.ts'
import { runGit } from '../support/git.ts'
import { waitFor } from '../support/wait-for.ts'
import { createAdminServices, SITE_AUTHOR, TODAY } from './admin-services.ts'
import { ADA, GIT_ENV, recordingLogger } from './git-fixture.ts'
import { createRemoteWorld } from './git-remote-world.ts'

/** The post files, read as the site reads them, with every file read recorded; `beforeRead` runs first. */
class ObservedFiles extends PostFiles {
  readonly reads: string[] = []
  beforeRead: ((names: string[]) => Promise<void>) | undefined

  override async readMany(names: string[]): Promise<Map<string, ReadResult>> {
    this.reads.push(...names)
    await this.beforeRead?.(names)
    return super.readMany(names)
  }
}

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A post file's text, as an editor or a maintainer writes one. */
const postText = (id: string, slug: string, title: string, html: string) =>
  `---\nid: ${id}\ntitle: ${title}\nslug: ${slug}\nsummary: By hand.\npublishDate: '2025-01-01'\nisPublished: true\nfeaturedImageUrl: ''\n---\n${html}\n`

const body = (fields: Record<string, unknown> = {}) => ({
  title: 'A new post',
  slug: 'a-new-post',
  summary: 'Its summary.',
  content: '<p>Its text.</p>',
  ...fields,
})

describe('a save and a pull', () => {
  it('never lets a save pass its version check against the file a pull is replacing', async () => {
    const world = await createRemoteWorld({ cleanups })
    // Post a, on the site and on the remote, and in the maintainer's clone.
    await world.repository.commitFiles({ changes: [{ path: world.site.file('content/blog/a.html'), content: postText('a1', 'a', 'A', '<p>A one.</p>') }], message: 'add a', author: ADA })
    await world.sync.fetch()
    expect(await world.sync.push()).toBe('pushed')
    world.maintainer('pull', '-q', '--ff-only')
    const logger = recordingLogger()
    const files = new ObservedFiles({ blogDir: world.site.blogDir })
    const content = await openPostContent({ blogDir: world.site.blogDir, folder: 'content/blog', today: TODAY, postFiles: () => files, logger })
    const paths = new PostPaths({ root: world.repository.root, blogDir: world.site.blogDir })
    const sync = buildContentSync({ remote: world.sync, repository: world.repository, content, paths, intervalMs: 0, siteAuthor: SITE_AUTHOR, logger, direction: 'two-way' })
    cleanups.push(() => sync.close())
    const { posts } = buildPostServices({ repository: world.repository, content, paths, logger, today: () => TODAY, sync, media: { dir: world.site.file('content/media'), maxPixels: 50_000_000, tempDir: world.site.file('.uploads') } })

    // An admin opens post a; meanwhile a maintainer changes it on the remote.
    const opened = posts.get('a1')
    const maintainerText = postText('a1', 'a', 'A by the maintainer', '<p>The maintainer’s text.</p>')
    writeFileSync(path.join(world.maintainerDir, 'content/blog/a.html'), maintainerText)
    world.maintainer('commit', '-q', '-am', 'maintainer edits a')
    world.maintainer('push', '-q', 'origin', 'main')

    // The pull has replaced the file and reads it to reload it: the admin saves the version they
    // opened right then. Were the pull and its reload not one transaction with the save, the
    // save's check would run now, against the index the reload has not updated yet, and pass.
    let saving: Promise<unknown> | undefined
    files.beforeRead = async (names) => {
      if (saving || !names.includes('a.html')) return
      saving = posts.update('a1', { title: 'A by the admin', slug: 'a', summary: 'S', content: '<p>The admin’s text.</p>', version: opened.version }, ADA).catch((error: unknown) => error)
      await new Promise((resolve) => setImmediate(resolve))
    }
    sync.request('manual')
    await waitFor(async () => (saving !== undefined && !(await sync.status()).syncing ? true : undefined))

    const refused = await saving
    expect(refused).toBeInstanceOf(ConflictError)
    expect(content.index.versionedById('a1')!.title).toBe('A by the maintainer')
    expect((refused as ConflictError).currentVersion).toBe(content.index.versionedById('a1')!.version)
    expect(world.site.read('content/blog/a.html')).toBe(maintainerText)
    expect(world.site.git('log', '-1', '--format=%s').trim()).toBe('maintainer edits a')
  })
})

describe('a save and the index', () => {
  it('hands the index the post it wrote and its version, without reading the file back, and the watcher skips the write', async () => {
    let files!: ObservedFiles
    const w = await createAdminServices(cleanups, { files: (blogDir) => (files = new ObservedFiles({ blogDir })) })
    cleanups.push(w.content.watch({ settleMs: 20 }))
    const read = (name: string) => readPostBytes(name, readFileSync(path.join(w.repo.blogDir, name)))
    const blobAtHead = (name: string) => w.repo.git('rev-parse', `HEAD:content/blog/${name}`).trim()
    // An edit by hand of another post: once the watcher has brought it in, it has also handled
    // every change made before it (its events come in order).
    let edits = 0
    const watcherCaughtUp = async () => {
      const html = `<p>Edited by hand, ${++edits} time(s).</p>`
      writeFileSync(path.join(w.repo.blogDir, 'first.html'), postText('first1', 'first', 'First', html))
      await waitFor(async () => (w.content.index.contentOf('first') === html ? true : undefined))
    }

    const { post: created } = await w.posts.create(body(), ADA)
    // At once: the index holds what reading the file gives, with the blob id git stored.
    expect(w.content.index.versionedById(created.id)).toEqual(read('a-new-post.html'))
    expect(created.version).toBe(blobAtHead('a-new-post.html'))
    await watcherCaughtUp()
    const { post: edited } = await w.posts.update(created.id, { ...body({ title: 'Edited' }), version: created.version }, ADA)
    expect(w.content.index.versionedById(created.id)).toEqual(read('a-new-post.html'))
    expect(edited.version).toBe(blobAtHead('a-new-post.html'))
    await watcherCaughtUp()
    const { post: renamed } = await w.posts.update(created.id, { ...body({ title: 'Edited', slug: 'renamed' }), version: edited.version }, ADA)
    expect(w.content.index.versionedById(created.id)).toEqual(read('renamed.html'))
    expect(w.content.index.bySlugAny('a-new-post')).toBeUndefined()
    await watcherCaughtUp()
    await w.posts.remove(created.id, `"${renamed.version}"`, ADA)
    expect(w.content.index.versionedById(created.id)).toBeUndefined()
    await watcherCaughtUp()

    expect(files.reads.filter((name) => name === 'first.html').length).toBeGreaterThanOrEqual(4)
    expect(files.reads).not.toContain('a-new-post.html')
    expect(files.reads).not.toContain('renamed.html')
  })

  it('still reads a saved post once someone edits its file by hand, in place or by replacing it', async () => {
    let files!: ObservedFiles
    const w = await createAdminServices(cleanups, { files: (blogDir) => (files = new ObservedFiles({ blogDir })) })
    cleanups.push(w.content.watch({ settleMs: 20 }))
    const { post: created } = await w.posts.create(body(), ADA)
    const file = path.join(w.repo.blogDir, 'a-new-post.html')
    const saved = readFileSync(file, 'utf8')

    writeFileSync(file, saved.replace('<p>Its text.</p>', '<p>Its text, edited by hand in place.</p>'))
    await waitFor(async () => (w.content.index.versionedById(created.id)?.content === '<p>Its text, edited by hand in place.</p>' ? true : undefined))
    expect(files.reads).toContain('a-new-post.html')

    // As an editor saves: a new file renamed over the old one.
    writeFileSync(`${file}.swp`, saved.replace('<p>Its text.</p>', '<p>Replaced by hand.</p>'))
    renameSync(`${file}.swp`, file)
    await waitFor(async () => (w.content.index.versionedById(created.id)?.content === '<p>Replaced by hand.</p>' ? true : undefined))
    expect(w.content.index.versionedById(created.id)!.version).toBe(runGit(['hash-object', file], { env: GIT_ENV }).trim())
  })
})
