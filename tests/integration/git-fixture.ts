import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runGit, tempGitRepo } from '../support/git.ts'
import { MAINTAINER_GIT_ENV as GIT_ENV } from '../support/maintainer-git.ts'

export { postText } from '../support/fixtures.ts'
export { recordingLogger } from '../support/recording-logger.ts'
export { GIT_ENV }

export interface TempRepo {
  dir: string
  blogDir: string
  /** Runs git in the repository and returns its stdout. */
  git(...args: string[]): string
  /** Absolute path of a repository-relative one. */
  file(relative: string): string
  read(relative: string): string
  write(relative: string, text: string): void
  head(): string
  /** Stores a blob (`git hash-object -w`) and returns its id. */
  hashObject(text: string): string
  remove(): void
}

/**
 * A real repository in a temp folder (tempGitRepo): unless `empty`, a first commit made with the
 * git CLI holding a README and the given posts in content/blog.
 */
export function createTempRepo(options: { posts?: Record<string, string>; empty?: boolean } = {}): TempRepo {
  const posts = Object.entries(options.posts ?? { 'welcome.html': post('welcome', 'Hello') })
  const files = { 'README.md': '# Site\n', ...Object.fromEntries(posts.map(([name, text]) => [`content/blog/${name}`, text])) }
  const { dir, remove } = tempGitRepo(options.empty ? {} : { files, commit: 'Initial content' })
  const git = (...args: string[]) => runGit(args, { cwd: dir, env: GIT_ENV })
  const file = (relative: string) => path.join(dir, relative)
  const write = (relative: string, text: string) => {
    mkdirSync(path.dirname(file(relative)), { recursive: true })
    writeFileSync(file(relative), text)
  }
  return {
    dir,
    blogDir: file('content/blog'),
    git,
    file,
    read: (relative) => readFileSync(file(relative), 'utf8'),
    write,
    head: () => git('rev-parse', 'HEAD').trim(),
    hashObject: (text) => runGit(['hash-object', '-w', '--stdin'], { cwd: dir, env: GIT_ENV, input: text }).trim(),
    remove,
  }
}

export function post(slug: string, body: string): string {
  return `---\nid: ${slug}-id\ntitle: ${slug}\nslug: ${slug}\n---\n<p>${body}</p>\n`
}

export const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' }
