/**
 * Every URL of the REST API (SPEC §7 and what the admin added since), said once: the server's
 * routers mount these paths and the admin's client calls them. Ids and slugs are URL-encoded here,
 * so no caller builds a path by hand.
 */
export const API_PREFIX = {
  auth: '/api/auth',
  admin: '/api/admin',
  publicBlog: '/api/blog',
} as const

const segment = (value: string) => encodeURIComponent(value)
const adminPosts = `${API_PREFIX.admin}/blog/posts`

export const API_PATHS = {
  login: `${API_PREFIX.auth}/login`,
  me: `${API_PREFIX.auth}/me`,
  logout: `${API_PREFIX.auth}/logout`,
  invitationLookup: `${API_PREFIX.auth}/invitations/lookup`,
  invitationAccept: `${API_PREFIX.auth}/invitations/accept`,
  invitationPasskeyOptions: `${API_PREFIX.auth}/invitations/passkey-options`,
  passkeySignInOptions: `${API_PREFIX.auth}/passkey/options`,
  passkeySignIn: `${API_PREFIX.auth}/passkey/verify`,
  accountPasskeys: `${API_PREFIX.admin}/account/passkeys`,
  accountPasskeyOptions: `${API_PREFIX.admin}/account/passkeys/options`,
  accountPasskey: (id: string) => `${API_PREFIX.admin}/account/passkeys/${segment(id)}`,

  publicPosts: `${API_PREFIX.publicBlog}/posts`,
  publicPost: (slug: string) => `${API_PREFIX.publicBlog}/posts/${segment(slug)}`,

  site: `${API_PREFIX.admin}/site`,
  sitePages: `${API_PREFIX.admin}/site/pages`,
  sitePage: (name: string) => `${API_PREFIX.admin}/site/pages/${segment(name)}`,
  sitePagePreview: (name: string) => `${API_PREFIX.admin}/site/pages/${segment(name)}/preview`,
  sitePageHistory: (name: string) => `${API_PREFIX.admin}/site/pages/${segment(name)}/history`,
  sitePageVersion: (name: string, commit: string) => `${API_PREFIX.admin}/site/pages/${segment(name)}/history/${segment(commit)}`,
  sitePageRestore: (name: string) => `${API_PREFIX.admin}/site/pages/${segment(name)}/restore`,
  adminPosts,
  adminPost: (id: string) => `${adminPosts}/${segment(id)}`,
  postHistory: (id: string) => `${adminPosts}/${segment(id)}/history`,
  postVersion: (id: string, commit: string) => `${adminPosts}/${segment(id)}/history/${segment(commit)}`,
  postRestore: (id: string) => `${adminPosts}/${segment(id)}/restore`,
  postCompare: (id: string, commit: string) => `${adminPosts}/${segment(id)}/history/${segment(commit)}/compare`,
  deletedPosts: `${API_PREFIX.admin}/blog/deleted`,
  deletedRestore: (id: string) => `${API_PREFIX.admin}/blog/deleted/${segment(id)}/restore`,
  account: `${API_PREFIX.admin}/account`,
  accountPassword: `${API_PREFIX.admin}/account/password`,
  accountSessions: `${API_PREFIX.admin}/account/sessions`,
  accountSession: (handle: string) => `${API_PREFIX.admin}/account/sessions/${segment(handle)}`,
  accountEndOtherSessions: `${API_PREFIX.admin}/account/sessions/end-others`,
  personSessions: (username: string) => `${API_PREFIX.admin}/people/${segment(username)}/sessions`,
  personSession: (username: string, handle: string) => `${API_PREFIX.admin}/people/${segment(username)}/sessions/${segment(handle)}`,
  postPreview: `${API_PREFIX.admin}/blog/preview`,
  postProblems: `${API_PREFIX.admin}/blog/problems`,
  sync: `${API_PREFIX.admin}/sync`,
  syncResolve: `${API_PREFIX.admin}/sync/resolve`,
  redirects: `${API_PREFIX.admin}/redirects`,
  adminTags: `${API_PREFIX.admin}/tags`,
  adminTagRename: `${API_PREFIX.admin}/tags/rename`,
  media: `${API_PREFIX.admin}/media`,
  mediaItem: (id: string) => `${API_PREFIX.admin}/media/${segment(id)}`,
  people: `${API_PREFIX.admin}/people`,
  person: (username: string) => `${API_PREFIX.admin}/people/${segment(username)}`,
  personResetFactors: (username: string) => `${API_PREFIX.admin}/people/${segment(username)}/reset-factors`,
  invitations: `${API_PREFIX.admin}/people/invitations`,
  invitation: (id: string) => `${API_PREFIX.admin}/people/invitations/${segment(id)}`,
  loginCode: `${API_PREFIX.auth}/login/code`,
  accountTotp: `${API_PREFIX.admin}/account/totp`,
  accountTotpSetup: `${API_PREFIX.admin}/account/totp/setup`,
  accountTotpConfirm: `${API_PREFIX.admin}/account/totp/confirm`,
  accountRecoveryCodes: `${API_PREFIX.admin}/account/totp/recovery-codes`,
  accountTotpDisable: `${API_PREFIX.admin}/account/totp/disable`,
  securitySettings: `${API_PREFIX.admin}/settings/security`,
} as const

/** The media library's calls; the upload is the one admin call whose body is multipart. */
export const MEDIA_API = API_PATHS.media

/** Where an upload's file is in the multipart form. */
export const UPLOAD_FIELD = 'file'

/** How list answers say the count on every page together (the body holds one page). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count'
