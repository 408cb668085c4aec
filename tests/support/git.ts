import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MAINTAINER_GIT_ENV } from './maintainer-git.ts'

/**
 * The real git CLI, the one way tests run it: to set up what a maintainer would have done by
 * hand, and to check what the server did with a tool that is not its own code.
 */
export interface GitOptions {
  /** Where git runs (default: this process's folder). */
  cwd?: string
  /** Default: this process's. MAINTAINER_GIT_ENV (maintainer-git.ts) isolates git from this machine's configuration. */
  env?: NodeJS.ProcessEnv
  input?: string | Uint8Array
}

/** Packs and histories of the benches are large. */
const MAX_BUFFER = 1 << 30

/**
 * Runs git and answers its stdout as bytes. Its stderr stays out of the test output: when git
 * fails, it is in the message of the error thrown.
 */
export function runGitBytes(args: string[], options: GitOptions = {}): Buffer {
  return execFileSync('git', args, { ...options, stdio: 'pipe', maxBuffer: MAX_BUFFER })
}

/** Runs git and answers its stdout as text, as it is (trailing newline included). */
export function runGit(args: string[], options: GitOptions = {}): string {
  return runGitBytes(args, options).toString('utf8')
}

/** Runs git in `dir` and answers its stdout trimmed: the common case. */
export function git(dir: string, ...args: string[]): string {
  return runGit(args, { cwd: dir }).trim()
}

export interface GitResult {
  status: number
  stdout: Buffer
  stderr: string
}

/** Runs git whatever its exit status (`git merge-tree` answers 1 for a conflict). */
export function gitResult(args: string[], options: GitOptions = {}): GitResult {
  const result = spawnSync('git', args, { ...options, maxBuffer: MAX_BUFFER })
  if (result.error) throw result.error
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr.toString('utf8') }
}

export interface TempGitRepo {
  dir: string
  gitdir: string
  remove: () => void
}

/**
 * The one way tests make a repository: `git init -b main` (or `--bare`) in a new temp folder, or
 * in `dir`; with `files` (repository path → text), written there; with `commit`, everything in
 * the folder committed as one first commit with that message, by `author` (the maintainer by
 * default), as a maintainer sets a repository up by hand.
 */
export function tempGitRepo(
  options: { bare?: boolean; dir?: string; files?: Record<string, string>; commit?: string; author?: { name: string; email: string } } = {},
): TempGitRepo {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'watchio-git-'))
  mkdirSync(dir, { recursive: true })
  const { name, email } = options.author ?? { name: MAINTAINER_GIT_ENV.GIT_AUTHOR_NAME!, email: MAINTAINER_GIT_ENV.GIT_AUTHOR_EMAIL! }
  const env = { ...MAINTAINER_GIT_ENV, GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email }
  const run = (...args: string[]) => runGit(args, { cwd: dir, env })
  run('init', '-q', '-b', 'main', ...(options.bare ? ['--bare'] : []))
  for (const [file, text] of Object.entries(options.files ?? {})) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  if (options.commit !== undefined) {
    run('add', '-A')
    run('commit', '-q', '--allow-empty', '-m', options.commit)
  }
  return { dir, gitdir: options.bare ? dir : path.join(dir, '.git'), remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) }
}

/** Every object of a repository with its type and exact content, as `git cat-file --batch` gives them. */
export function gitObjects(cwd: string): Map<string, { type: string; content: Buffer }> {
  const list = runGit(['cat-file', '--batch-all-objects', '--batch-check=%(objectname)'], { cwd, env: MAINTAINER_GIT_ENV }).trim()
  const objects = new Map<string, { type: string; content: Buffer }>()
  if (list === '') return objects
  const output = runGitBytes(['cat-file', '--batch'], { cwd, input: list + '\n', env: MAINTAINER_GIT_ENV })
  let at = 0
  while (at < output.length) {
    const newline = output.indexOf(0x0a, at)
    const [oid, type, size] = output.toString('latin1', at, newline).split(' ')
    objects.set(oid!, { type: type!, content: output.subarray(newline + 1, newline + 1 + Number(size)) })
    at = newline + 1 + Number(size) + 1
  }
  return objects
}

/** A maintainer's commit of `paths` (all changes when none), as `git add` and `git commit` by hand; its id. */
export function commitAsMaintainer(dir: string, message: string, ...paths: string[]): string {
  runGit(['add', '-A', ...paths], { cwd: dir, env: MAINTAINER_GIT_ENV })
  runGit(['commit', '-q', '-m', message], { cwd: dir, env: MAINTAINER_GIT_ENV })
  return runGit(['rev-parse', 'HEAD'], { cwd: dir, env: MAINTAINER_GIT_ENV }).trim()
}
