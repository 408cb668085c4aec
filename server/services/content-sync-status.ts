import type { PostProblem, SyncStatus } from '../../renderer/contract/index.ts'

/** Where the content sync stands (GET /api/admin/sync): the contract's shape. */
export type { SyncStatus }

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
