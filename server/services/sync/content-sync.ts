import { RefusedTreeError, RemoteError } from '../../lib/errors.ts'
import type { ContentRepository, GitAuthor, PullResult, ConnectedRemote, RepositoryTransaction, SideBranches } from '../../git/content-repository.ts'
import type { Logger } from '../../lib/logger.ts'
import type { PostPaths } from '../../content/post-paths.ts'
import { siteFileNameIn, type SiteSource } from '../../content/site-source.ts'
import type { BlogContent } from '../content/blog-content.ts'
import { type AdminResolution, type PostSyncState, SyncConflicts } from './content-sync-conflicts.ts'
import { SyncSchedule, type SyncReason } from './content-sync-schedule.ts'
import { refusedCommitLog, replicaStuckLog, type SyncStatus, syncStatusOf } from './content-sync-status.ts'
import { type PostReviews, REVIEW_PREFIX } from '../posts/post-reviews.ts'

export type { SyncReason }

/** Push attempts in one run when the remote keeps moving under us. */
const MAX_ATTEMPTS = 4

export interface ContentSyncDeps {
  remote: ConnectedRemote
  /**
   * A pull (which rewrites post files) and the reload of what it changed are one repository
   * transaction, the lock saves take: a save's version check never passes against a file a
   * pull is replacing.
   */
  repository: Pick<ContentRepository, 'transaction'>
  content: BlogContent
  /**
   * The site's copy (content/site/): the files a pull changed are read again before the pull's
   * run ends, as the posts are, rather than left to its folder watcher (which under load was
   * seen not to bring a merged page's copy within two minutes).
   */
  siteCopy?: Pick<SiteSource, 'dir' | 'reload'>
  /** Where the posts are in the repository. */
  paths: PostPaths
  /** Polling interval; 0: no polling. */
  intervalMs: number
  /** Author of merge commits nobody chose anything for. */
  siteAuthor: GitAuthor
  logger: Logger
  /**
   * PUBLISH_MODE=review: review branches (`cms/*`) are pushed too, and once a pull brings one's
   * changes into the live branch (its pull request merged), it is removed: the post is live.
   */
  review?: { branches: SideBranches; reviews: PostReviews }
  /**
   * `follow` (a read replica, SITE_ROLE=replica): fetch and fast-forward only, never push. A
   * branch that cannot fast-forward (the remote rewritten, commits made in the clone) is left
   * as it is, still served, and said loudly on every run. Default `two-way`.
   */
  direction?: 'two-way' | 'follow'
}

/**
 * Keeps the content repository and one remote branch in step, in the background:
 * - after every admin commit it pushes (a save never waits for this, nor fails because of it);
 * - on the interval, on a signed webhook call and at start it fetches and integrates: a
 *   fast-forward, or a merge commit when the two sides changed different files;
 * - a file changed on both sides is a conflict: nothing is pulled, the local commits stay
 *   unpushed, and the post shows as out of sync until an admin keeps one version (the merge
 *   commit then records the choice) — nothing is ever force-pushed or dropped;
 * - pulled changes reach the index and the pages through `content.reload`, as the folder
 *   watcher's do, in the pull's repository transaction (a save's version check never races a pull);
 * - a failed run (network down, remote refusing) is retried with exponential backoff.
 * When it runs (start, interval, requests, retries; never two runs at once) is content-sync-schedule.ts's.
 */
export class ContentSync {
  readonly #deps: ContentSyncDeps
  readonly #schedule: SyncSchedule
  /** Set by a request whose reason means the remote may have moved; the next run fetches. */
  #fetchWanted = false
  #lastFetchAt: string | null = null
  #lastPushAt: string | null = null
  #lastError: string | null = null
  /** The remote's commit last refused for holding a path git refuses (RefusedTreeError), until a run succeeds. */
  #refused: SyncStatus['refused'] = null
  readonly #conflicts: SyncConflicts

  constructor(deps: ContentSyncDeps) {
    this.#deps = deps
    this.#conflicts = new SyncConflicts({ paths: deps.paths })
    this.#schedule = new SyncSchedule({
      run: () => (deps.direction === 'follow' ? this.#follow() : this.#twoWay()),
      onRequest: (reason) => {
        if (reason !== 'save' && reason !== 'resolve') this.#fetchWanted = true
      },
      onSuccess: () => {
        this.#lastError = null
        this.#refused = null
      },
      onFailure: (error, delayMs) => this.#failed(error, delayMs),
      intervalMs: deps.intervalMs,
    })
  }

  /** Starts: a first sync now, then one every interval (if any). */
  start(): void {
    this.#schedule.start()
  }

  /** Stops the timers and waits for a run in progress. */
  async close(): Promise<void> {
    this.#schedule.stop()
    this.#deps.remote.close()
    await this.#schedule.idle()
  }

  /** Asks for a run soon (coalesced with one in progress). Never throws, never waits. */
  request(reason: SyncReason): void {
    this.#schedule.request(reason)
  }

  /** The remote's commit last refused (see #reportRefused), without the git work status() does. */
  refused(): SyncStatus['refused'] {
    return this.#refused
  }

  /** The sync field of a post in the admin list, when it is out of sync. */
  stateOf(slug: string): PostSyncState | undefined {
    return this.#conflicts.stateOf(slug)
  }

  async status(): Promise<SyncStatus> {
    const { remote } = this.#deps
    return syncStatusOf(await remote.state(), {
      remote,
      syncing: this.#schedule.running,
      lastFetchAt: this.#lastFetchAt,
      lastPushAt: this.#lastPushAt,
      lastError: this.#lastError,
      nextRetryAt: this.#schedule.nextRetryAt,
      refused: this.#refused,
      conflicts: this.#conflicts.list(),
      reviews: this.#deps.review ? await this.#reviewBranches() : undefined,
    })
  }

  async #reviewBranches(): Promise<NonNullable<SyncStatus['reviews']>> {
    const branches = await this.#deps.review!.branches.list(REVIEW_PREFIX)
    return Promise.all(
      branches.map(async ({ name, commit }) => ({ branch: name, commit, pushed: (await this.#deps.remote.remoteCommitOf(name)) === commit })),
    )
  }

  /**
   * Settles a conflict: `mine` keeps the site's version of the file, `theirs` the remote's. Once
   * every conflict has a choice, the merge commit (authored by the admin who made the last
   * choice) is made at once, and pushed in the background. `file` is repository-relative.
   */
  async resolve(options: { file: string; keep: unknown; author: GitAuthor }): Promise<SyncStatus> {
    this.#conflicts.choose(options)
    try {
      await this.#pull()
    } catch (error) {
      // The choice is kept; the run below tries again and retries with backoff. Say why meanwhile.
      this.#lastError = this.#deps.remote.redact(error instanceof Error ? error.message : String(error))
    }
    this.request('resolve')
    return this.status()
  }

  /** The repository-relative path of a post's file (for resolving by slug). */
  fileOf(slug: string): string {
    return this.#deps.paths.repositoryPathOf(slug)
  }

  /** A run failed; the schedule retries it in `delayMs`. Says why, in the status and the log. */
  #failed(error: unknown, delayMs: number): void {
    const { remote, logger } = this.#deps
    this.#lastError = remote.redact(error instanceof Error ? error.message : String(error))
    if (error instanceof RefusedTreeError) this.#reportRefused(error)
    else logger.warn(`Sync with ${remote.url} (${remote.branch}) failed, retrying in ${Math.round(delayMs / 1000)} s: ${this.#lastError}`)
  }

  /** Fetch when the remote may have moved, integrate (fast-forward or merge), push what is ours. */
  async #twoWay(): Promise<void> {
    const { remote } = this.#deps
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (this.#fetchWanted) {
        this.#fetchWanted = false
        await remote.fetch()
        this.#lastFetchAt = new Date().toISOString()
      }
      const pulled = await this.#pull()
      // Out of sync: the local commits stay here until an admin chooses; pushing would be refused.
      if (pulled.outcome === 'conflict') break
      try {
        if ((await remote.push()) === 'pushed') this.#lastPushAt = new Date().toISOString()
        break
      } catch (error) {
        // Someone pushed since our last look: fetch, integrate, and try again.
        if (error instanceof RemoteError && error.kind === 'remote-moved' && attempt < MAX_ATTEMPTS - 1) {
          this.#fetchWanted = true
          continue
        }
        throw error
      }
    }
    // Review branches go to the remote whatever the live branch's state (out of sync included).
    if (this.#deps.review && (await remote.pushBranches(REVIEW_PREFIX)).length > 0) this.#lastPushAt = new Date().toISOString()
  }

  /**
   * A read replica's run: fetch, fast-forward. Anything else leaves the branch (and what the
   * site serves) as it is, and says so as an error on each run, naming the branch and both
   * commits: it needs a person (the replica never merges, resets or pushes by itself).
   */
  async #follow(): Promise<void> {
    const { remote, logger } = this.#deps
    if (this.#fetchWanted) {
      this.#fetchWanted = false
      await remote.fetch()
      this.#lastFetchAt = new Date().toISOString()
    }
    const pulled = await this.#pull()
    if (pulled.outcome !== 'ahead' && pulled.outcome !== 'diverged') return
    logger.error(replicaStuckLog(pulled, await remote.state({ maxListed: 0 }), remote))
  }

  /** Integrates what was fetched (no network) and reloads the posts it changed, in one transaction: saves wait. */
  async #pull(): Promise<PullResult> {
    const { remote, content, siteCopy, repository, paths } = this.#deps
    const resolutions: AdminResolution[] = this.#conflicts.resolutions()
    const resolver = resolutions.at(-1)?.author
    const result = await repository.transaction(async (tx) => {
      const pulled = await remote.pull({
        fastForwardOnly: this.#deps.direction === 'follow',
        author: resolver ?? this.#deps.siteAuthor,
        message: this.#conflicts.mergeMessage(remote, resolutions),
        resolutions,
        tx,
      })
      const names = pulled.changed.map((file) => paths.nameInBlog(file)).filter((name) => name !== null)
      if (names.length > 0) await content.reload(names)
      if (this.#deps.review) await this.#settleReviews(tx)
      // After the reviews are settled: a merged page of the copy shows once its branch is gone.
      const siteNames = siteCopy ? pulled.changed.flatMap((file) => siteFileNameIn(siteCopy.dir, file)) : []
      if (siteNames.length > 0) await siteCopy!.reload(siteNames)
      return pulled
    })
    this.#conflicts.settle(result)
    if (result.outcome === 'fast-forward' || result.outcome === 'merged') {
      this.#deps.logger.info(`Sync: ${result.outcome === 'merged' ? 'merged' : 'fast-forwarded to'} ${remote.branch} of ${remote.url} (${result.changed.length} file(s) changed)`)
    }
    return result
  }

  /** Review branches whose changes are all live now (merged on the remote, pulled) are done. */
  async #settleReviews(tx: RepositoryTransaction): Promise<void> {
    const { branches, reviews } = this.#deps.review!
    const merged = await branches.removeMerged(REVIEW_PREFIX, tx)
    if (merged.length > 0) {
      await this.#deps.remote.forgetBranches(merged, tx)
      this.#deps.logger.info(`Review merged, now live: ${merged.join(', ')}`)
    }
    await reviews.refresh()
  }

  /**
   * A remote commit holding a path git refuses (`..`, `.git`, an odd mode: see
   * server/git/formats/tree-rules.ts) was not checked out: the site keeps serving what it has, and
   * it stays so until someone fixes the remote branch. Said as an error on each attempt, with how.
   */
  #reportRefused(error: RefusedTreeError): void {
    const { remote, logger } = this.#deps
    this.#refused = { commit: error.commit, path: error.path, reason: error.reason }
    logger.error(refusedCommitLog(this.#refused, remote))
  }
}
