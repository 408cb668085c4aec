import git from 'isomorphic-git'
import { RepositoryStateError } from '../../lib/errors.ts'
import type { AtomicFs } from './atomic-fs.ts'

/**
 * The repository's refs (HEAD, branches, remote-tracking refs; loose or packed), through
 * isomorphic-git, with the same atomic `fs` as every other write (atomic-fs.ts): a ref is one
 * small file replaced whole, so a crash leaves it at its old commit or its new one. Nothing here
 * is hand-written git (`currentBranch`, `resolveRef`, `listBranches`, `writeRef`, `deleteRef`),
 * so there is no measurement to name.
 */
export class GitRefs {
  readonly #fs: AtomicFs
  readonly #gitdir: string

  constructor(deps: { fs: AtomicFs; gitdir: string }) {
    this.#fs = deps.fs
    this.#gitdir = deps.gitdir
  }

  /** The full name of the branch HEAD points at (which may have no commit yet). */
  async branchRef(): Promise<string> {
    const branchRef = await git.currentBranch({ fs: this.#fs, gitdir: this.#gitdir, fullname: true })
    if (!branchRef) throw new RepositoryStateError('HEAD is detached: check out a branch for the server to commit to')
    return branchRef
  }

  /** The commit a ref (`refs/...`) points at, or null when there is no such ref. */
  async readRef(ref: string): Promise<string | null> {
    try {
      return await git.resolveRef({ fs: this.#fs, gitdir: this.#gitdir, ref })
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError) return null
      throw error
    }
  }

  /** Short names of the local branches (`main`, `cms/welcome`...), loose or packed. */
  async listBranches(): Promise<string[]> {
    return git.listBranches({ fs: this.#fs, gitdir: this.#gitdir })
  }

  /** Points a ref at a commit (written atomically), or deletes it (null). */
  async writeRef(ref: string, oid: string | null): Promise<void> {
    if (oid === null) {
      await git.deleteRef({ fs: this.#fs, gitdir: this.#gitdir, ref }).catch((error: unknown) => {
        if (!(error instanceof git.Errors.NotFoundError)) throw error
      })
      return
    }
    await git.writeRef({ fs: this.#fs, gitdir: this.#gitdir, ref, value: oid, force: true })
  }

  /**
   * Moves a branch from `from` to `to`, refusing if it no longer points at `from`: only the
   * server writes, but a maintainer could still commit by hand on the server's work tree, and
   * moving the branch over their commit would drop it from history.
   */
  async moveBranch(branchRef: string, from: string | null, to: string): Promise<void> {
    const now = await this.readRef(branchRef)
    if (now !== from) throw new RepositoryStateError(`${branchRef} moved from ${from ?? 'nothing'} to ${now ?? 'nothing'} meanwhile`)
    await this.writeRef(branchRef, to)
  }
}
