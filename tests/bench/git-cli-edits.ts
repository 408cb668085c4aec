import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Post } from '../../core/post.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { runGit } from '../support/git.ts'

/**
 * The peer of a save: the same kind of file change committed with the git CLI. For each of
 * `count` edits, `edit` rewrites the post `slugOf(i)` in the repository at `dir` (written with
 * the app's serializer, outside the timing); the time of `git add` + `git commit` is returned.
 * The caller makes sure no server writes to `dir` meanwhile (stopped, or a copy).
 */
export async function timeCliCommits(options: {
  dir: string
  count: number
  slugOf: (i: number) => string
  edit: (post: Post, i: number) => Post
}): Promise<number[]> {
  const { dir, count, slugOf, edit } = options
  const git = (...args: string[]) => runGit(args, { cwd: dir })
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const slug = slugOf(i)
    const file = path.join(dir, 'content/blog', `${slug}.html`)
    const post = parsePostFile(await readFile(file, 'utf8'), `${slug}.html`)
    await writeFile(file, serializePost(edit(post, i)))
    const started = performance.now()
    git('add', '--', `content/blog/${slug}.html`)
    git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', `CLI edit ${i}`)
    times.push(performance.now() - started)
  }
  return times
}
