/**
 * BlogContent.commit: one commit through the caller's transaction, and the post files among its
 * changes in the index before it returns (before the transaction ends), taken as the save wrote
 * them, without reading them back; read as they are when the commit wrote nothing.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Post } from '../../core/post.ts'
import { PostFiles, type ReadResult } from '../../server/content/post-files.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { BlogContent, type ContentChange, type PostWrite } from '../../server/services/content/blog-content.ts'
import { ADA, createTempRepo, postText, recordingLogger, type TempRepo } from './git-fixture.ts'

/** The post files, with every file read recorded. */
class ObservedFiles extends PostFiles {
  readonly reads: string[] = []

  override async readMany(names: string[]): Promise<Map<string, ReadResult>> {
    this.reads.push(...names)
    return super.readMany(names)
  }
}

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setUp() {
  const repo = createTempRepo({ posts: { 'first.html': postText({ slug: 'first', title: 'First', body: 'First.' }) } })
  cleanups.push(() => repo.remove())
  const repository = await ContentRepository.open({ dir: repo.blogDir, logger: recordingLogger() })
  cleanups.push(() => repository.close())
  const files = new ObservedFiles({ blogDir: repo.blogDir })
  const content = new BlogContent({ files, logger: recordingLogger(), folder: 'content/blog', today: '2026-01-01' })
  await content.load()
  files.reads.length = 0
  const changes: ContentChange[] = []
  content.onChange((change) => changes.push(change))
  return { repo, repository, files, content, changes }
}

function written(post: Post): PostWrite {
  const text = serializePost(post)
  return { post, text, version: ContentRepository.blobId(text) }
}

const blobAtHead = (repo: TempRepo, file: string) => repo.git('rev-parse', `HEAD:${file}`).trim()

const POST: Post = { id: 'second1', title: 'Second', slug: 'second', summary: 'S.', publishDate: '2025-06-01', isPublished: true, featuredImageUrl: '', content: '<p>Second.</p>' }

describe('BlogContent.commit', () => {
  it('commits the files and hands the index the post it wrote, with the commit\'s version, before the transaction ends, reading nothing', async () => {
    const { repo, repository, files, content, changes } = await setUp()
    const write = written(POST)
    const inside = await repository.transaction(async (tx) => {
      const saved = await content.commit(tx, {
        changes: [{ path: repo.file('content/blog/second.html'), content: Buffer.from(write.text), blobId: write.version }],
        message: 'blog: create "Second" (second)',
        author: ADA,
        posts: [write],
      })
      // Still inside: the index and its listeners (the pages) have the post already.
      return { saved, indexed: content.index.versionedById('second1'), told: changes.length }
    })
    expect(inside.saved!.commit).toBe(repo.head())
    expect(inside.indexed).toMatchObject({ title: 'Second', version: write.version })
    expect(write.version).toBe(blobAtHead(repo, 'content/blog/second.html'))
    expect(inside.told).toBe(1)
    expect(changes[0]).toMatchObject({ updated: ['second'], removed: [], publishedListChanged: true })
    expect(files.reads).toEqual([])
  })

  it('a rename with a file beside the posts: one commit of all three, the old post gone from the index, the other file not indexed', async () => {
    const { repo, repository, files, content } = await setUp()
    const { version: _version, ...first } = content.index.versionedById('firstid')!
    const moved = written({ ...first, slug: 'moved' })
    const saved = await repository.transaction((tx) =>
      content.commit(tx, {
        changes: [
          { path: repo.file('content/blog/first.html'), content: null },
          { path: repo.file('content/blog/moved.html'), content: Buffer.from(moved.text), blobId: moved.version },
          { path: repo.file('content/redirects.yaml'), content: '- from: /blog/first\n  to: /blog/moved\n' },
        ],
        message: 'blog: rename',
        author: ADA,
        posts: [moved],
      }),
    )
    expect(repo.git('show', '--no-renames', '--name-status', '--format=', saved!.commit).trim().split('\n').sort()).toEqual([
      'A\tcontent/blog/moved.html',
      'A\tcontent/redirects.yaml',
      'D\tcontent/blog/first.html',
    ])
    expect(content.index.bySlugAny('first')).toBeUndefined()
    expect(content.index.versionOf('moved')).toBe(blobAtHead(repo, 'content/blog/moved.html'))
    expect(files.reads).toEqual([])
  })

  it('a commit that changes nothing makes none, and its post files are read as they are', async () => {
    const { repo, repository, files, content, changes } = await setUp()
    const before = repo.head()
    const text = repo.read('content/blog/first.html')
    const saved = await repository.transaction((tx) => content.commit(tx, { changes: [{ path: repo.file('content/blog/first.html'), content: text }], message: 'same', author: ADA }))
    expect(saved).toBeNull()
    expect(repo.head()).toBe(before)
    expect(files.reads).toEqual(['first.html'])
    expect(changes).toEqual([])
  })

  it('a post file written without saying what it holds is read back', async () => {
    const { repo, repository, files, content } = await setUp()
    const text = postText({ id: 'third1', slug: 'third', title: 'Third', body: 'Third.' })
    await repository.transaction((tx) => content.commit(tx, { changes: [{ path: repo.file('content/blog/third.html'), content: text }], message: 'add third', author: ADA }))
    expect(files.reads).toEqual(['third.html'])
    expect(content.index.versionedById('third1')).toMatchObject({ title: 'Third', version: blobAtHead(repo, 'content/blog/third.html') })
  })
})
