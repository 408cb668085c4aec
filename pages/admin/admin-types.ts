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
}

/** The fields the admin edits and sends (SPEC §7 create/update payload). */
export type PostFields = Omit<AdminPost, 'id' | 'version'>

/** The signed-in admin (GET /api/auth/me). */
export interface AdminUser {
  username: string
  displayName: string
}
