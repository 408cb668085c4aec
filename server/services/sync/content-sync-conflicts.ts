import type { PostSyncState, SyncConflictView } from '../../../core/contract/index.ts'
import { InvalidInputError, NotFoundError } from '../../lib/errors.ts'
import type { ConflictResolution, GitAuthor, PullResult, SyncConflict } from '../../git/content-repository.ts'
import { type PostPaths, slugOfFile, slugOfFileName } from '../../content/post-paths.ts'

/** A post changed both here and on the remote since they last agreed (the admin list's `sync`): the contract's shape. */
export type { PostSyncState }

/** An admin's choice for a conflict, and who made it (the merge commit is theirs). */
export type AdminResolution = ConflictResolution & { author: GitAuthor }

/**
 * The content sync's conflicts (files changed on both sides; nothing is pulled while any is
 * left) and the choices admins made for them so far. Kept apart from the run loop: this is what
 * the admin sees and settles, the loop only hands it each pull's outcome.
 */
export class SyncConflicts {
  readonly #paths: PostPaths
  #conflicts: SyncConflict[] = []
  readonly #resolutions = new Map<string, AdminResolution>()

  constructor(deps: { paths: PostPaths }) {
    this.#paths = deps.paths
  }

  /** The sync field of a post in the admin list, when it is out of sync. */
  stateOf(slug: string): PostSyncState | undefined {
    const file = this.#paths.fileOf(slug)
    const conflict = this.#conflicts.find((candidate) => candidate.path === file)
    return conflict && this.#view(conflict)
  }

  /** Every conflict as the sync status shows it; `slug` when the file is a post's. */
  list(): SyncConflictView[] {
    return this.#conflicts.map((conflict) => {
      const name = this.#paths.nameInBlog(conflict.path)
      const inBlog = name !== null && slugOfFileName(name) !== null
      return { ...this.#view(conflict), slug: inBlog ? slugOfFile(conflict.path) : null }
    })
  }

  /**
   * Records an admin's choice: `mine` keeps the site's version of the file, `theirs` the remote's.
   * `file` is repository-relative. The next pull makes the merge commit once every conflict has one.
   */
  choose(options: { file: string; keep: unknown; author: GitAuthor }): void {
    if (options.keep !== 'mine' && options.keep !== 'theirs') throw new InvalidInputError('keep must be "mine" or "theirs"', 'keep')
    const absolute = this.#paths.absolute(options.file)
    const conflict = this.#conflicts.find((candidate) => candidate.path === absolute)
    if (!conflict) throw new NotFoundError(`${options.file} is not out of sync`)
    this.#resolutions.set(absolute, { path: absolute, keep: options.keep, mine: conflict.mine, theirs: conflict.theirs, author: options.author })
  }

  /** The choices made so far, oldest first. */
  resolutions(): AdminResolution[] {
    return [...this.#resolutions.values()]
  }

  /** After a pull: its conflicts are the ones left; the choices were used unless it stopped on a conflict. */
  settle(result: PullResult): void {
    this.#conflicts = result.conflicts
    if (result.outcome !== 'conflict') this.#resolutions.clear()
  }

  /** The merge commit's message: the remote it merges, and the choices admins made, if any. */
  mergeMessage(remote: { branch: string; url: string }, resolutions: AdminResolution[]): string {
    const title = `Merge branch '${remote.branch}' of ${remote.url}`
    if (resolutions.length === 0) return title
    const lines = resolutions.map((resolution) => {
      const file = this.#paths.relative(resolution.path)
      return `  ${file}: kept ${resolution.keep === 'mine' ? "the site's version" : 'the remote version'} (${resolution.author.name})`
    })
    return `${title}\n\nChanged on both sides, resolved in the admin:\n${lines.join('\n')}`
  }

  #view(conflict: SyncConflict): PostSyncState {
    return {
      state: 'out-of-sync',
      path: this.#paths.relative(conflict.path),
      remoteAuthor: conflict.remote?.author ?? null,
      remoteDate: conflict.remote?.date ?? null,
      remoteVersion: conflict.theirs,
      localVersion: conflict.mine,
    }
  }
}
