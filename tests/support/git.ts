import { execFileSync } from 'node:child_process'

/**
 * The real git CLI, the one way tests run it: to set up what a maintainer would have done by
 * hand, and to check what the server did with a tool that is not its own code.
 */
export interface GitOptions {
  /** Where git runs (default: this process's folder). */
  cwd?: string
  /** Default: this process's. MAINTAINER_GIT_ENV (maintainer-git.ts) isolates git from this machine's configuration. */
  env?: NodeJS.ProcessEnv
  input?: string | Buffer
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
