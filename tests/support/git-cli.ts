import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MAINTAINER_GIT_ENV } from './maintainer-git.ts'

/**
 * The git CLI as the oracle of the differential tests (tests/integration/git-objects/): what our
 * hand-written formats write must be what git reads, and the other way round. Git runs isolated
 * from this machine's configuration, as in maintainer-git.ts.
 */
export interface GitCliResult {
  status: number
  stdout: Buffer
  stderr: string
}

/** Runs git whatever its exit status (`git merge-tree` answers 1 for a conflict); `env` adds to the isolated one. */
export function gitCliResult(cwd: string, args: string[], input?: string | Uint8Array, env: NodeJS.ProcessEnv = {}): GitCliResult {
  const result = spawnSync('git', args, { cwd, env: { ...MAINTAINER_GIT_ENV, ...env }, input, maxBuffer: 1 << 30 })
  if (result.error) throw result.error
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr.toString('utf8') }
}

/** Runs git and returns its output as bytes; a non-zero exit throws with git's message. */
export function gitCliBytes(cwd: string, args: string[], input?: string | Uint8Array, env?: NodeJS.ProcessEnv): Buffer {
  const result = gitCliResult(cwd, args, input, env)
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} exited with ${result.status}: ${result.stderr}`)
  return result.stdout
}

/** Runs git and returns its output as text; a non-zero exit throws with git's message. */
export function gitCli(cwd: string, args: string[], input?: string | Uint8Array, env?: NodeJS.ProcessEnv): string {
  return gitCliBytes(cwd, args, input, env).toString('utf8')
}

/** A fresh repository (`git init -b main`, or `--bare`) in a temp folder, and its removal. */
export function tempGitRepo(options: { bare?: boolean } = {}): { dir: string; gitdir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-git-cli-'))
  gitCli(dir, ['init', '-q', '-b', 'main', ...(options.bare ? ['--bare'] : [])])
  return { dir, gitdir: options.bare ? dir : path.join(dir, '.git'), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Every object of a repository with its type and exact content, as `git cat-file --batch` gives them. */
export function gitObjects(cwd: string): Map<string, { type: string; content: Buffer }> {
  const list = gitCli(cwd, ['cat-file', '--batch-all-objects', '--batch-check=%(objectname)']).trim()
  const objects = new Map<string, { type: string; content: Buffer }>()
  if (list === '') return objects
  const output = gitCliBytes(cwd, ['cat-file', '--batch'], list + '\n')
  let at = 0
  while (at < output.length) {
    const newline = output.indexOf(0x0a, at)
    const [oid, type, size] = output.toString('latin1', at, newline).split(' ')
    objects.set(oid!, { type: type!, content: output.subarray(newline + 1, newline + 1 + Number(size)) })
    at = newline + 1 + Number(size) + 1
  }
  return objects
}
