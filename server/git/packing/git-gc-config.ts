import git from 'isomorphic-git'
import type { GitStore } from '../store/git-store.ts'

/**
 * `gc.auto` from the repository's config (a maintainer's `git config gc.auto N`: past N loose
 * objects, pack; 0: never), or null when unset. A value git would refuse (not a whole number) is
 * ignored, with the default in force: packing is housekeeping, not worth a server that will not
 * start.
 */
export async function readGcAuto(context: { fs: GitStore['isomorphicGit']['fs']; gitdir: string }): Promise<number | null> {
  const value: unknown = await git.getConfig({ fs: context.fs, gitdir: context.gitdir, path: 'gc.auto' }).catch(() => undefined)
  if (value === undefined || value === null || value === '') return null
  const number = Number(value)
  return Number.isInteger(number) && number >= 0 ? number : null
}
