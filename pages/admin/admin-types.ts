/** A post as the admin API sends it (SPEC §3 plus the version an edit starts from). */
export interface AdminPost {
  id: string
  title: string
  slug: string
  summary: string
  content: string
  publishDate: string
  isPublished: boolean
  featuredImageUrl: string
  version: string
  /** PUBLISH_MODE=review: the post has saves waiting on its review branch. */
  review?: { state: 'in-review'; branch: string; deleted?: boolean }
  /** Changed both here and on the git remote: the admin chooses which version to keep. */
  sync?: { state: 'out-of-sync'; remoteAuthor?: { name: string; email: string }; remoteDate?: string }
}

/** One commit of a post's history (GET /api/admin/blog/posts/{id}/history). */
export interface HistoryEntry {
  id: string
  author: { name: string; email: string }
  date: string
  message: string
  slug: string
}

/** GET /api/admin/sync: where the content stands against the team's git remote. */
export interface SyncStatus {
  enabled: boolean
  state: 'in-sync' | 'ahead' | 'behind' | 'out-of-sync' | 'error' | 'off'
  ahead: number
  lastError?: string | null
  conflicts?: unknown[]
}

/** GET /api/admin/blog/problems: a post file the site cannot read, and why. */
export interface PostProblem {
  /** Relative to the repository, e.g. `content/blog/foo.html`. */
  path: string
  reason: string
}

/** The fields the admin edits and sends (SPEC §7 create/update payload). */
export type PostFields = Omit<AdminPost, 'id' | 'version' | 'review' | 'sync'>

/** The signed-in admin (GET /api/auth/me). */
export interface AdminUser {
  username: string
  displayName: string
}
