import type { CommitAuthor, PostSyncState } from './post-wire.ts'

/** A file changed on both sides, as the sync status lists it; `slug` when the file is a post's. */
export type SyncConflictView = PostSyncState & { slug: string | null }

/** Where the content sync stands against the git remote (`GET /api/admin/sync`). */
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
  pending: { id: string; message: string; author: CommitAuthor; date: string }[]
  lastError: string | null
  nextRetryAt: string | null
  /**
   * The remote's commit the last run refused to check out, and the path that made it refuse
   * (`..`, `.git`, an odd mode...); null when the last run did not.
   */
  refused: { commit: string; path: string; reason: string } | null
  conflicts: SyncConflictView[]
  /** Review mode: the review branches, and whether the remote has their last commit. */
  reviews?: { branch: string; commit: string; pushed: boolean }[]
}

/** Which side of a conflicted post an admin keeps. */
export type Keep = 'mine' | 'theirs'
