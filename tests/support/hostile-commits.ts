import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runGit, runGitBytes } from './git.ts'
import { MAINTAINER_GIT_ENV } from './maintainer-git.ts'

/** A maintainer's clone of the remote, with the git CLI (a SyncSite has one). */
export interface MaintainerClone {
  maintainerDir: string
  maintainer: (...args: string[]) => string
}

/**
 * Commits symlinks (repository path → target) on the remote's tip and pushes them, as a
 * contributor with push access could: returns the commit.
 */
export function pushSymlinks(clone: MaintainerClone, links: Record<string, string>): string {
  clone.maintainer('pull', '-q', '--ff-only')
  for (const [file, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(clone.maintainerDir, file)), { recursive: true })
    symlinkSync(target, path.join(clone.maintainerDir, file))
  }
  clone.maintainer('add', ...Object.keys(links))
  clone.maintainer('commit', '-q', '-m', 'links')
  clone.maintainer('push', '-q', 'origin', 'main')
  return clone.maintainer('rev-parse', 'HEAD')
}

/**
 * A commit on the remote's tip whose root also holds `..`, a folder with one file
 * (`escaped.txt`), written with `git hash-object --literally` (git itself would refuse to make
 * it), and pushed: returns the commit.
 */
export function pushDotDotTree(clone: MaintainerClone): string {
  clone.maintainer('pull', '-q', '--ff-only')
  const hash = (args: string[], input: string | Buffer) => runGit(args, { cwd: clone.maintainerDir, env: MAINTAINER_GIT_ENV, input }).trim()
  const entry = (mode: string, name: string, oid: string) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(oid, 'hex')])
  const escaped = hash(['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], entry('100644', 'escaped.txt', hash(['hash-object', '-w', '--stdin'], 'beside the repository\n')))
  // `..` sorts first in any root tree (a folder compares as `../`).
  const rootBytes = Buffer.concat([entry('40000', '..', escaped), runGitBytes(['cat-file', 'tree', 'HEAD^{tree}'], { cwd: clone.maintainerDir, env: MAINTAINER_GIT_ENV })])
  const tree = hash(['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], rootBytes)
  const commit = clone.maintainer('commit-tree', tree, '-p', 'HEAD', '-m', 'hostile')
  clone.maintainer('push', '-q', 'origin', `${commit}:refs/heads/main`)
  return commit
}

/**
 * A commit on the remote's tip with a folder (holding one file) named `folder`, committed and
 * pushed with plain git, which makes it without complaint even where its own fsck refuses it
 * (`.gitmodules`: gitmodulesBlob): returns the commit.
 */
export function pushFolder(clone: MaintainerClone, folder: string): string {
  clone.maintainer('pull', '-q', '--ff-only')
  mkdirSync(path.join(clone.maintainerDir, folder), { recursive: true })
  writeFileSync(path.join(clone.maintainerDir, folder, 'README'), 'a folder\n')
  clone.maintainer('add', path.join(folder, 'README'))
  clone.maintainer('commit', '-q', '-m', `add ${folder}/`)
  clone.maintainer('push', '-q', 'origin', 'main')
  return clone.maintainer('rev-parse', 'HEAD')
}
