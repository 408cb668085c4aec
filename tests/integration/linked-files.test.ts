/**
 * Symbolic links in the content folders are never followed: a post file or a media file that is
 * a link (to /etc/passwd, to the accounts file) is reported or left out, never read; and the work
 * tree never writes, deletes or reads through a linked folder, nor at a path git refuses.
 */
import { existsSync, lstatSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PostFiles } from '../../server/content/post-files.ts'
import { WorkTree } from '../../server/git/work-tree.ts'
import { UnsafePathError } from '../../server/lib/errors.ts'
import { readLibraryFiles } from '../../server/media/media-files.ts'
import { BlogContent } from '../../server/services/content/blog-content.ts'
import { recordingLogger } from '../support/recording-logger.ts'

let dir: string
let secret: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-links-'))
  secret = path.join(dir, 'admins.json')
  await writeFile(secret, '{"admins":[{"passwordHash":"secret"}]}\n')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const POST = `---\nid: a1\ntitle: A\nslug: a\nsummary: S\npublishDate: '2024-05-01'\nisPublished: true\nfeaturedImageUrl: ''\n---\n<p>A</p>\n`

describe('post files', () => {
  it('reports a post file that is a symbolic link, at start and on a reload, and never reads it', async () => {
    const blogDir = path.join(dir, 'repo/content/blog')
    await mkdir(blogDir, { recursive: true })
    await writeFile(path.join(blogDir, 'a.html'), POST)
    await symlink(secret, path.join(blogDir, 'x.html'))
    const content = new BlogContent({ files: new PostFiles({ blogDir }), logger: recordingLogger(), folder: 'content/blog' })
    await content.load()
    expect(content.index.all().map((post) => post.slug)).toEqual(['a'])
    expect(content.problems()).toEqual([{ path: 'content/blog/x.html', reason: 'a symbolic link is not allowed here' }])

    // A link put in place of a post that was fine (a pull's reload, the folder watcher's).
    await rm(path.join(blogDir, 'a.html'))
    await symlink(secret, path.join(blogDir, 'a.html'))
    await content.reload(['a.html'])
    expect(content.index.all()).toEqual([])
    expect(content.problems().map((problem) => problem.path)).toEqual(['content/blog/a.html', 'content/blog/x.html'])
  })
})

describe('media files', () => {
  it('lists real files only: a linked file or year folder is not part of the library', async () => {
    const mediaDir = path.join(dir, 'media')
    await mkdir(path.join(mediaDir, '2026'), { recursive: true })
    await writeFile(path.join(mediaDir, '2026/real-0123456789-10x10.png'), 'png')
    await symlink(secret, path.join(mediaDir, '2026/evil-0123456789-10x10.png'))
    await mkdir(path.join(dir, 'elsewhere'))
    await writeFile(path.join(dir, 'elsewhere/other-0123456789-10x10.png'), 'png')
    await symlink(path.join(dir, 'elsewhere'), path.join(mediaDir, '2025'))
    await writeFile(path.join(mediaDir, '2026/clip-0123456789.mp4'), 'mp4')
    await symlink(secret, path.join(mediaDir, '2026/leak-0123456789.mp4'))
    const { images, avs } = await readLibraryFiles(mediaDir)
    expect(images.map((file) => path.relative(mediaDir, file.file))).toEqual(['2026/real-0123456789-10x10.png'])
    expect(avs.map((file) => path.relative(mediaDir, file.file))).toEqual(['2026/clip-0123456789.mp4'])
  })
})

describe('WorkTree', () => {
  let root: string
  let workTree: WorkTree
  let outside: string

  beforeEach(async () => {
    root = path.join(dir, 'repo')
    outside = path.join(dir, 'outside')
    await mkdir(path.join(root, 'content'), { recursive: true })
    await mkdir(outside)
    workTree = new WorkTree(root)
  })

  it.each(['../x.html', 'content/../../x.html', '.git/config', 'content/.GIT/hooks/x', 'content/git~1/x', 'content/.g\u200cit/x', 'a\\..\\b', '/etc/passwd', 'a//b', ''])(
    'refuses the path %j before touching the disk',
    async (filepath) => {
      expect(() => workTree.absolute(filepath)).toThrow(UnsafePathError)
      await expect(workTree.write(filepath, Buffer.from('x'))).rejects.toThrow(UnsafePathError)
    },
  )

  it('never writes, deletes or reads through a linked folder, and leaves the link alone', async () => {
    await writeFile(path.join(outside, 'old.html'), 'outside')
    await symlink(outside, path.join(root, 'content/blog'))
    await expect(workTree.write('content/blog/new.html', Buffer.from('x'))).rejects.toThrow(/content\/blog is a symbolic link/)
    await expect(workTree.write('content/blog/sub/new.html', Buffer.from('x'))).rejects.toThrow(UnsafePathError)
    await expect(workTree.write('content/blog/old.html', null)).rejects.toThrow(UnsafePathError)
    await expect(workTree.read('content/blog/old.html')).rejects.toThrow(UnsafePathError)
    expect(existsSync(path.join(outside, 'new.html'))).toBe(false)
    expect(existsSync(path.join(outside, 'sub'))).toBe(false)
    expect(await readFile(path.join(outside, 'old.html'), 'utf8')).toBe('outside')
    expect(lstatSync(path.join(root, 'content/blog')).isSymbolicLink()).toBe(true)
  })

  it('never reads a linked file, and replaces a link with a file rather than writing through it', async () => {
    await mkdir(path.join(root, 'content/blog'))
    await symlink(secret, path.join(root, 'content/blog/x.html'))
    await expect(workTree.read('content/blog/x.html')).rejects.toThrow(/is a symbolic link/)
    await workTree.write('content/blog/x.html', Buffer.from('post'))
    expect(lstatSync(path.join(root, 'content/blog/x.html')).isFile()).toBe(true)
    expect(await readFile(secret, 'utf8')).toContain('passwordHash')
  })

  it('still creates missing folders and writes, reads and deletes as before', async () => {
    await workTree.write('content/blog/deep/a.html', Buffer.from('A'), 0o755)
    expect((await workTree.read('content/blog/deep/a.html'))?.toString()).toBe('A')
    expect(lstatSync(path.join(root, 'content/blog/deep/a.html')).mode & 0o111).not.toBe(0)
    await workTree.write('content/blog/deep/a.html', null)
    expect(await workTree.read('content/blog/deep/a.html')).toBeNull()
    expect(await workTree.read('content/nothing/here.html')).toBeNull()
    await workTree.write('content/nothing/here.html', null)
  })
})
