import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { git, runGit } from '../support/git.ts'

/** `count` commits on top of HEAD, each editing one post's summary, through one git fast-import. */
export function addHistory(dir: string, slugs: string[], count: number): void {
  if (count === 0) return
  const head = git(dir, 'rev-parse', 'HEAD')
  const chunks: string[] = []
  const when = Math.floor(Date.now() / 1000) - count * 60
  for (let i = 0; i < count; i++) {
    const slug = slugs[(i * 31) % slugs.length]!
    const file = path.join(dir, 'content/blog', `${slug}.html`)
    const post = parsePostFile(readFileSync(file, 'utf8'), `${slug}.html`)
    const text = serializePost({ ...post, summary: `${post.summary.replace(/ \(rev \d+\)$/, '')} (rev ${i})` })
    writeFileSync(file, text)
    const message = `blog: update "${post.title}" (${slug})`
    chunks.push(
      `commit refs/heads/main\ncommitter Bench <bench@example.com> ${when + i * 60} +0000\n` +
        `data ${Buffer.byteLength(message)}\n${message}\n${i === 0 ? `from ${head}\n` : ''}` +
        `M 100644 inline content/blog/${slug}.html\ndata ${Buffer.byteLength(text)}\n${text}\n`,
    )
  }
  runGit(['fast-import', '--quiet'], { cwd: dir, input: chunks.join('') })
  git(dir, 'reset', '-q', '--hard', 'main')
}
