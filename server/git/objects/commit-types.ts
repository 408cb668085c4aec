/** Who a save is by: both author and committer of its commit. */
export interface GitAuthor {
  name: string
  email: string
}

/** One file of a commit: absolute path inside the repository; content null = delete the file. */
export interface FileChange {
  path: string
  content: string | null
}

export interface RecoveryReport {
  /** Human-readable lines, one per action taken at open (temp files removed, a save completed, a save committed, a save rolled back). */
  actions: string[]
}
