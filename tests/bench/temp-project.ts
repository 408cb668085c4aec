import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Post } from '../../core/post.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { runGit } from '../support/git.ts'
import { generatePosts } from './generate-posts.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Build and server must agree on the public origin: pages embed it, so a different one at
 * start (the default derives it from PORT) makes the server render every page again.
 */
export const SITE_URL = 'https://watchio.app'

/** Copied, so that the build writes nothing into this repository; node_modules is linked. */
const COPIED = ['core', 'pages', 'renderer', 'server', 'scripts', 'public', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json']

export interface TempProject {
  dir: string
  posts: Post[]
  /** Bytes of all post files. */
  contentBytes: number
  generateMs: number
  gitMs: number
  cleanup(): Promise<void>
}

/**
 * A throwaway copy of the site with `count` generated posts in `content/blog/` (`rich`: with
 * heading ids, figures, tables and code languages; `handWritten`: those as a hand-written blog
 * holds them, not all canonical; generate-posts.ts), written
 * with the app's own serializer and committed to a fresh git repository, as the real
 * site keeps them.
 */
export async function createTempProject(count: number, options: { rich?: boolean; handWritten?: boolean } = {}): Promise<TempProject> {
  const dir = await mkdtemp(path.join(tmpdir(), `watchio-bench-${count}-`))
  try {
    for (const entry of COPIED) await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true })
    await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir')

    const started = performance.now()
    const images = (await readdir(path.join(repoRoot, 'public/images/blog'))).filter((name) => name.endsWith('.svg')).sort()
    const posts = generatePosts({ count, images, rich: options.rich, handWritten: options.handWritten })
    // Posts as written by hand are meant to be what the sanitizer would change.
    if (!options.handWritten) checkCanonical(posts.slice(0, 25))
    const blogDir = path.join(dir, 'content/blog')
    await mkdir(blogDir, { recursive: true })
    let contentBytes = 0
    for (const post of posts) {
      const text = serializePost(post)
      contentBytes += Buffer.byteLength(text)
      await writeFile(path.join(blogDir, `${post.slug}.html`), text)
    }
    const generateMs = performance.now() - started

    const gitStarted = performance.now()
    await writeFile(path.join(dir, '.gitignore'), 'node_modules\ndist/\n.data/\n')
    const git = (...args: string[]) => runGit(args, { cwd: dir })
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', `${count} generated posts`)
    const gitMs = performance.now() - gitStarted

    return { dir, posts, contentBytes, generateMs, gitMs, cleanup: () => rm(dir, { recursive: true, force: true }) }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}

/** The generated HTML must be what the editor would save, or the bench measures a different site. */
function checkCanonical(posts: Post[]): void {
  for (const post of posts) {
    if (cleanPostHtml(post.content) !== post.content) {
      throw new Error(`Generated post ${post.slug} is not canonical HTML (cleanPostHtml changes it): fix generate-posts.ts`)
    }
  }
}

/** Number of files and bytes under a folder. */
export async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0
  let bytes = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    files++
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size
  }
  return { files, bytes }
}
