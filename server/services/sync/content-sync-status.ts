import type { PostProblem, SyncStatus } from '../../../core/contract/index.ts'
import type { PullResult, RemoteState } from '../../git/content-repository.ts'

/** Where the content sync stands (GET /api/admin/sync): the contract's shape. */
export type { SyncStatus }

/** What the sync knows of itself, beside the repository's state against the remote. */
export interface SyncRun {
  remote: { url: string; branch: string }
  syncing: boolean
  lastFetchAt: string | null
  lastPushAt: string | null
  lastError: string | null
  nextRetryAt: string | null
  refused: SyncStatus['refused']
  conflicts: SyncStatus['conflicts']
  reviews?: SyncStatus['reviews']
}

/**
 * Where the sync stands (pure): a conflict first, then the last run's error, then the
 * commits each side lacks; the newest unpushed commits by their first line.
 */
export function syncStatusOf(state: RemoteState, run: SyncRun): SyncStatus {
  const { conflicts } = run
  return {
    enabled: true,
    branch: state.branch,
    remote: run.remote.url,
    remoteBranch: run.remote.branch,
    state: conflicts.length > 0 ? 'out-of-sync' : run.lastError ? 'error' : state.aheadCount > 0 ? 'ahead' : state.behind > 0 ? 'behind' : 'in-sync',
    syncing: run.syncing,
    lastFetchAt: run.lastFetchAt,
    lastPushAt: run.lastPushAt,
    ahead: state.aheadCount,
    behind: state.behind,
    pending: state.ahead.map((commit) => ({
      id: commit.oid,
      message: commit.message.split('\n', 1)[0] ?? '',
      author: commit.author,
      date: new Date(commit.authoredAt * 1000).toISOString(),
    })),
    lastError: run.lastError,
    nextRetryAt: run.nextRetryAt,
    refused: run.refused,
    conflicts,
    ...(run.reviews ? { reviews: run.reviews } : {}),
  }
}

/** What GET /api/admin/sync answers when no remote is configured. */
export function syncOffStatus(branch: string): SyncStatus {
  return {
    enabled: false,
    branch,
    remote: null,
    remoteBranch: null,
    state: 'off',
    syncing: false,
    lastFetchAt: null,
    lastPushAt: null,
    ahead: 0,
    behind: 0,
    pending: [],
    lastError: null,
    nextRetryAt: null,
    refused: null,
    conflicts: [],
  }
}

/**
 * A refused remote commit as a line of the admin's problems list (beside the post files the site
 * cannot read): the path, and why nothing of its commit was checked out.
 */
export function refusedCommitProblem(refused: NonNullable<SyncStatus['refused']>): PostProblem {
  return {
    path: refused.path,
    reason: `${refused.reason}: commit ${refused.commit} from the git remote was not checked out. Remove or rename this path in a new commit and push it`,
  }
}

/** The log's error line for a refused remote commit: what happened, and how to fix it. */
export function refusedCommitLog(refused: NonNullable<SyncStatus['refused']>, remote: { url: string; branch: string }): string {
  return (
    `Sync: refused commit ${refused.commit} of ${remote.branch} at ${remote.url}: ${refused.path} ${refused.reason}. ` +
    `Nothing of it was checked out; the site still serves what it had. ` +
    `To fix it, remove or rename ${refused.path} in a new commit on ${remote.branch} and push it (the refused commit may stay in history).`
  )
}

/**
 * The log's error line, on each run, for a read replica whose branch cannot fast-forward (`ahead`
 * or `diverged`): both commits, why, and what a person must do (the replica never merges, resets
 * or pushes by itself).
 */
export function replicaStuckLog(pulled: PullResult, state: RemoteState, remote: { url: string; branch: string }): string {
  return [
    `Replica: branch ${state.branch} cannot fast-forward to ${remote.branch} of ${remote.url}: it is at ${pulled.commit}, the remote at ${pulled.remoteCommit},`,
    pulled.outcome === 'ahead'
      ? `and this clone has ${state.aheadCount} commit(s) the remote does not (made here, or the remote was reset).`
      : `and each has commits the other lacks (the remote's history was rewritten, or commits were made here).`,
    `Still serving ${pulled.commit}. Stop this replica and reset its clone to the remote (git fetch, then git reset --hard to the remote's commit), or clone it again.`,
  ].join(' ')
}
