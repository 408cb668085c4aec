/** `POST /api/auth/login`'s body (SPEC §3). */
export interface LoginRequest {
  username: string
  password: string
}

/** The signed-in admin: what `GET /api/auth/me` (and a sign-in) sends of the account. */
export interface AdminUser {
  username: string
  displayName: string
}

/** `GET /api/admin/site`: what the admin UI needs to know of the site. */
export interface SiteInfo {
  /** SITE_TIMEZONE: whose midnight starts a scheduled post's day. */
  timeZone: string
}
