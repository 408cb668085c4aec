/** Who a save is by: both author and committer of its commit. */
export interface GitAuthor {
  name: string
  email: string
}

/** What history, sync and merges need of a commit. */
export interface CommitInfo {
  oid: string
  tree: string
  parents: string[]
  author: GitAuthor
  /** Author time, seconds since the epoch: what `git log` shows as the date. */
  authoredAt: number
  /** Committer time: the order in which history is walked, newest first. */
  committedAt: number
  message: string
}

/**
 * One file of a commit: absolute path inside the repository; content null = delete the file.
 * A string is written as UTF-8 (a post); bytes as they are (an image of the media library).
 */
export interface FileChange {
  path: string
  content: string | Uint8Array | null
  /**
   * The content's blob id, when the caller has it (`blobId()` of these very bytes, as a save has
   * its post's version): the save uses it rather than hashing the bytes again. Left out, it is
   * computed.
   */
  blobId?: string
}

/** The bytes a change writes; null for a delete. */
export function changeBytes(change: FileChange): Uint8Array | null {
  if (change.content === null) return null
  return typeof change.content === 'string' ? Buffer.from(change.content, 'utf8') : change.content
}

export interface RecoveryReport {
  /** Human-readable lines, one per action taken at open (temp files removed, a save completed, a save committed, a save rolled back). */
  actions: string[]
}
