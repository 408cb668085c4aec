/**
 * The contract between the server and the admin (DESIGN "Conventions"): the API's paths, the
 * shapes that go over the wire, and the limits both sides keep. Pure, no imports from either side.
 */
export * from './account-settings-wire.ts'
export * from './account-wire.ts'
export * from './api-paths.ts'
export * from './byte-size.ts'
export * from './history-wire.ts'
export * from './limits.ts'
export * from './media-wire.ts'
export * from './passkey-wire.ts'
export * from './people-wire.ts'
export * from './post-wire.ts'
export * from './redirect-wire.ts'
export * from './site-wire.ts'
export * from './sync-wire.ts'
export * from './tag-wire.ts'
export * from './two-factor-wire.ts'

// The request schemas (`*-requests.ts`) import zod: here are only their types, so a public page
// that imports the contract for its wire types bundles no zod. The server and the admin import
// the schemas from their own modules.
export type { DeletedRestoreRequest, PostListQuery, PostSaveBody, RestoreRequest } from './post-requests.ts'
export type { MediaListQuery, MediaUploadFields } from './media-requests.ts'
export type { ResolveRequest } from './sync-requests.ts'
export type { TagRenameBody } from './tag-requests.ts'
export type { RedirectAddBody, RedirectRemoveQuery } from './redirect-requests.ts'
export type { SiteFileSave, SitePreviewBody, SiteRestore } from './site-requests.ts'
