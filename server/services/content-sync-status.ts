import type { GitAuthor } from '../git/content-repository.ts'
import type { PostSyncState } from './content-sync-conflicts.ts'

/** Where the content sync stands (GET /api/admin/sync). */
export interface SyncStatus {
  enabled: boolean
  /** The local branch. */
  branch: string
  /** The remote's URL (it never holds credentials) and branch. */
  remote: string | null
  remoteBranch: string | null
  /** `out-of-sync`: conflicts wait for an admin; `error`: the last run failed (see lastError). */
  state: 'off' | 'in-sync' | 'ahead' | 'behind' | 'out-of-sync' | 'error'
  syncing: boolean
  lastFetchAt: string | null
  lastPushAt: string | null
  /** Local commits not on the remote yet, and remote commits not integrated. */
  ahead: number
  behind: number
  /** The newest unpushed commits (at most 50). */
  pending: { id: string; message: string; author: GitAuthor; date: string }[]
  lastError: string | null
  nextRetryAt: string | null
  /**
   * The remote's commit the last run refused to check out, and the path that made it refuse
   * (`..`, `.git`, an odd mode...: server/git/objects/tree-rules.ts); null when the last run did not.
   */
  refused: { commit: string; path: string; reason: string } | null
  conflicts: (PostSyncState & { slug: string | null })[]
  /** Review mode: the review branches, and whether the remote has their last commit. */
  reviews?: { branch: string; commit: string; pushed: boolean }[]
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
export function refusedCommitProblem(refused: NonNullable<SyncStatus['refused']>): { path: string; reason: string } {
  return {
    path: refused.path,
    reason: `${refused.reason}: commit ${refused.commit} from the git remote was not checked out. Remove or rename this path in a new commit and push it`,
  }
}
