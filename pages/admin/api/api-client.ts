import {
  type AcceptInvitationRequest,
  type AccountProfile,
  type AdminPost,
  type AdminPostCard,
  type AdminUser,
  API_PATHS,
  type DeletedPost,
  type DeletedRestoreRequest,
  type InvitationPreview,
  type InvitationWire,
  type InviteRequest,
  type InviteResult,
  type IdentityProof,
  type LoginRequest,
  type PasskeyRegistrationRequest,
  type PasskeySignInRequest,
  type PasskeySummary,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type MediaItem,
  type MediaListQuery,
  type PersonChange,
  type PersonWire,
  type PasswordChange,
  type PostSaveBody,
  type PostHistoryEntry,
  type PostListQuery,
  type PostProblem,
  type RecoveryCodes,
  type TagInUse,
  type TagRenameBody,
  type TagRenameResult,
  type ProfileChange,
  type RedirectAddBody,
  type RedirectRemoveQuery,
  type RedirectsList,
  type RedirectWire,
  type ResolveRequest,
  type RestoreRequest,
  type SecondStepRequired,
  type SecuritySettingsWire,
  type SessionsEnded,
  type SessionWire,
  type SiteFileSave,
  type SiteFileSummary,
  type SiteFileWire,
  type SiteHistoryEntry,
  type SiteInfo,
  type SitePreviewBody,
  type SiteRestore,
  type SiteVersionWire,
  type SyncStatus,
  TOTAL_COUNT_HEADER,
  type TotpSetup,
  type TotpStatus,
  type VersionComparison,
  type VersionedWirePost,
} from '../../../core/contract/index.ts'
import type { SiteContent, SiteFileName } from '../../../core/site-content/index.ts'
import { HttpError, sendRequest } from '../../../renderer/fetch-json.ts'

interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** One page of a list and how many match on every page together (the X-Total-Count header). */
export interface ListPage<T> {
  items: T[]
  total: number
}

/**
 * The admin's typed client: every call the admin makes to the server, by name, with the
 * contract's shapes in and out. Nothing else in the admin spells a URL or reads a response.
 * Failures are SPEC §8's HttpError ("<status>: <body>"); the media upload, which needs
 * XMLHttpRequest's progress, is media/upload-media.ts.
 */
export const adminApi = {
  /** The signed-in admin, or null when signed out (a 401 here is an answer, not a failure). */
  me: (signal?: AbortSignal) => readOrNullWhenSignedOut<AdminUser>(API_PATHS.me, signal),
  /**
   * Sign in; SPEC §7: a 200's body is not read. A 202 means the password was right and a second
   * step is needed: its answer names the factors to ask for.
   */
  login: async (body: LoginRequest): Promise<SecondStepRequired | null> => {
    const response = await call('POST', API_PATHS.login, { body })
    return response.status === 202 ? ((await response.json()) as SecondStepRequired) : null
  },
  /** The second step with an authenticator code or a recovery code. */
  loginCode: (code: string) => write<AdminUser>('POST', API_PATHS.loginCode, { body: { code } }),
  /** A passkey sign-in's challenge: alone, or the second step's when the password answered 202. */
  passkeySignInOptions: () => write<PublicKeyCredentialRequestOptionsJSON>('POST', API_PATHS.passkeySignInOptions, {}),
  passkeySignIn: (body: PasskeySignInRequest) => write<AdminUser>('POST', API_PATHS.passkeySignIn, { body }),
  /** The signed-in person's passkeys; each change answers the list as it is now. */
  passkeys: (signal?: AbortSignal) => read<PasskeySummary[]>(API_PATHS.accountPasskeys, signal),
  passkeyRegistrationOptions: () => write<PublicKeyCredentialCreationOptionsJSON>('POST', API_PATHS.accountPasskeyOptions, {}),
  addPasskey: (body: PasskeyRegistrationRequest) => write<PasskeySummary[]>('POST', API_PATHS.accountPasskeys, { body }),
  renamePasskey: (id: string, name: string) => write<PasskeySummary[]>('PATCH', API_PATHS.accountPasskey(id), { body: { name } }),
  removePasskey: (id: string) => write<PasskeySummary[]>('DELETE', API_PATHS.accountPasskey(id), {}),
  logout: async () => void (await call('POST', API_PATHS.logout)),
  /** The site's time zone; null when signed out. */
  site: (signal?: AbortSignal) => readOrNullWhenSignedOut<SiteInfo>(API_PATHS.site, signal),

  /** One page of cards; the first page of everything is the bare SPEC §7 call. */
  listPosts: async (query: PostListQuery, signal?: AbortSignal): Promise<ListPage<AdminPostCard>> =>
    readListPage<AdminPostCard>(withQuery(API_PATHS.adminPosts, query), signal),
  post: (id: string, signal?: AbortSignal) => read<AdminPost>(API_PATHS.adminPost(id), signal),
  createPost: (fields: PostSaveBody) => write<AdminPost>('POST', API_PATHS.adminPosts, { body: fields }),
  /** `version` is what the edit started from: a 409 when someone saved in between. */
  updatePost: (id: string, fields: PostSaveBody, version: string | undefined) =>
    write<AdminPost>('PUT', API_PATHS.adminPost(id), { body: { ...fields, version } satisfies PostSaveBody }),
  deletePost: async (card: Pick<AdminPostCard, 'id' | 'version'>) =>
    void (await call('DELETE', API_PATHS.adminPost(card.id), { headers: { 'If-Match': `"${card.version}"` } })),
  /** The post page as visitors will see it, as HTML, from unsaved fields. */
  previewPost: async (fields: PostSaveBody, signal?: AbortSignal) => (await call('POST', API_PATHS.postPreview, { body: fields, signal })).text(),
  postProblems: (signal?: AbortSignal) => read<PostProblem[]>(API_PATHS.postProblems, signal),

  postHistory: (id: string, signal?: AbortSignal) => read<PostHistoryEntry[]>(API_PATHS.postHistory(id), signal),
  postVersion: (id: string, commit: string, signal?: AbortSignal) => read<VersionedWirePost>(API_PATHS.postVersion(id, commit), signal),
  restorePost: (id: string, body: RestoreRequest) => write<AdminPost>('POST', API_PATHS.postRestore(id), { body }),
  compareVersion: (id: string, commit: string, signal?: AbortSignal) => read<VersionComparison>(API_PATHS.postCompare(id, commit), signal),
  deletedPosts: (signal?: AbortSignal) => read<DeletedPost[]>(API_PATHS.deletedPosts, signal),
  /** A deleted post back, as the version of `commit` (default its last one). */
  undeletePost: (id: string, body: DeletedRestoreRequest) => write<AdminPost>('POST', API_PATHS.deletedRestore(id), { body }),

  syncStatus: (signal?: AbortSignal) => read<SyncStatus>(API_PATHS.sync, signal),
  syncNow: async () => void (await call('POST', API_PATHS.sync)),
  resolveConflict: async (body: ResolveRequest) => void (await call('POST', API_PATHS.syncResolve, { body })),

  redirects: (signal?: AbortSignal) => read<RedirectsList>(API_PATHS.redirects, signal),

  /** The site's copy (content/site/): the files, with their version and what their pages show. */
  sitePages: (signal?: AbortSignal) => read<SiteFileSummary[]>(API_PATHS.sitePages, signal),
  sitePage: <N extends SiteFileName>(name: N, signal?: AbortSignal) => read<SiteFileWire<N>>(API_PATHS.sitePage(name), signal),
  /**
   * Saves a file's values; `version` is what the edit started from (a 409 names what changed
   * since). A 400's body names each refused field, one `<path>: <reason>` a line (the contract's readFieldErrors).
   */
  saveSitePage: <N extends SiteFileName>(name: N, values: SiteContent[N], version: string | null) =>
    write<SiteFileWire<N>>('PUT', API_PATHS.sitePage(name), { body: { values, version } satisfies SiteFileSave<N> }),
  /** The file's page as visitors will see it, as HTML, from unsaved values (a 400 names each refused field, as a save's). */
  previewSitePage: async <N extends SiteFileName>(name: N, values: SiteContent[N], signal?: AbortSignal) =>
    (await call('POST', API_PATHS.sitePagePreview(name), { body: { values } satisfies SitePreviewBody<N>, signal })).text(),
  sitePageHistory: (name: SiteFileName, signal?: AbortSignal) => read<SiteHistoryEntry[]>(API_PATHS.sitePageHistory(name), signal),
  /** A past version's values, and which fields differ from the current ones. */
  sitePageVersion: <N extends SiteFileName>(name: N, commit: string, signal?: AbortSignal) => read<SiteVersionWire<N>>(API_PATHS.sitePageVersion(name, commit), signal),
  /** `version` is the file's version the admin has now (a 409 when it changed since). */
  restoreSitePage: <N extends SiteFileName>(name: N, body: SiteRestore) => write<SiteFileWire<N>>('POST', API_PATHS.sitePageRestore(name), { body }),
  tags: (signal?: AbortSignal) => read<TagInUse[]>(API_PATHS.adminTags, signal),
  renameTag: (body: TagRenameBody) => write<TagRenameResult>('POST', API_PATHS.adminTagRename, { body }),
  addRedirect: (body: RedirectAddBody) => write<RedirectWire>('POST', API_PATHS.redirects, { body }),
  removeRedirect: async (from: string) => void (await call('DELETE', `${API_PATHS.redirects}?${new URLSearchParams({ from } satisfies RedirectRemoveQuery)}`)),

  /** The team (admins only), and the invitations that grow it. */
  people: (signal?: AbortSignal) => read<PersonWire[]>(API_PATHS.people, signal),
  changePerson: (username: string, change: PersonChange) => write<PersonWire>('PATCH', API_PATHS.person(username), { body: change }),
  removePerson: async (username: string) => void (await call('DELETE', API_PATHS.person(username))),
  resetFactors: (username: string) => write<PersonWire>('POST', API_PATHS.personResetFactors(username), {}),
  /** Signs a person out everywhere (a lost laptop); answers how many sessions ended. */
  endPersonSessions: (username: string) => write<SessionsEnded>('DELETE', API_PATHS.personSessions(username), {}),
  invitations: (signal?: AbortSignal) => read<InvitationWire[]>(API_PATHS.invitations, signal),
  invite: (body: InviteRequest) => write<InviteResult>('POST', API_PATHS.invitations, { body }),
  revokeInvitation: (id: string) => write<InvitationWire>('DELETE', API_PATHS.invitation(id), {}),
  /** Signed out: who invites, and as what (404 or 410 with the reason when the link cannot be used). */
  invitationPreview: (token: string, signal?: AbortSignal) => write<InvitationPreview>('POST', API_PATHS.invitationLookup, { body: { token }, signal }),
  /** Creates the account and signs it in. */
  acceptInvitation: (body: AcceptInvitationRequest) => write<AdminUser>('POST', API_PATHS.invitationAccept, { body }),
  /** The browser's options for an invitee's first passkey, made for the username they chose. */
  invitationPasskeyOptions: (body: { token: string; username: string }) =>
    write<PublicKeyCredentialCreationOptionsJSON>('POST', API_PATHS.invitationPasskeyOptions, { body }),
  totpStatus: (signal?: AbortSignal) => read<TotpStatus>(API_PATHS.accountTotp, signal),
  startTotpSetup: () => write<TotpSetup>('POST', API_PATHS.accountTotpSetup, {}),
  confirmTotp: (code: string) => write<RecoveryCodes>('POST', API_PATHS.accountTotpConfirm, { body: { code } }),
  newRecoveryCodes: (proof: IdentityProof) => write<RecoveryCodes>('POST', API_PATHS.accountRecoveryCodes, { body: proof }),
  disableTotp: (proof: IdentityProof) => write<TotpStatus>('POST', API_PATHS.accountTotpDisable, { body: proof }),
  securitySettings: (signal?: AbortSignal) => read<SecuritySettingsWire>(API_PATHS.securitySettings, signal),
  saveSecuritySettings: (body: SecuritySettingsWire) => write<SecuritySettingsWire>('PUT', API_PATHS.securitySettings, { body }),
  /** The signed-in person's own account: name and e-mail (their commits' author), password, sessions. */
  account: (signal?: AbortSignal) => read<AccountProfile>(API_PATHS.account, signal),
  updateAccount: (body: ProfileChange) => write<AccountProfile>('PUT', API_PATHS.account, { body }),
  /** This session goes on under a new cookie; every other session of the person ends. */
  changePassword: (body: PasswordChange) => write<SessionsEnded>('POST', API_PATHS.accountPassword, { body }),
  accountSessions: (signal?: AbortSignal) => read<SessionWire[]>(API_PATHS.accountSessions, signal),
  endSession: async (handle: string) => void (await call('DELETE', API_PATHS.accountSession(handle))),
  endOtherSessions: () => write<SessionsEnded>('POST', API_PATHS.accountEndOtherSessions, {}),

  listMedia: (query: MediaListQuery, signal?: AbortSignal) => readListPage<MediaItem>(withQuery(API_PATHS.media, query), signal),
  deleteMedia: async (id: string) => void (await call('DELETE', API_PATHS.mediaItem(id))),
}

/** A call of SPEC §7: JSON body when given, cookies, a non-2xx answer thrown as "<status>: <body>". */
function call(method: string, url: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  return sendRequest(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
}

async function read<T>(url: string, signal?: AbortSignal): Promise<T> {
  return (await (await call('GET', url, { signal })).json()) as T
}

async function write<T>(method: string, url: string, options: CallOptions): Promise<T> {
  return (await (await call(method, url, options)).json()) as T
}

/** SPEC §8: a 401 on a read may be configured to yield no data; these reads are. */
async function readOrNullWhenSignedOut<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  try {
    return await read<T>(url, signal)
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null
    throw error
  }
}

async function readListPage<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const response = await call('GET', url, { signal })
  const items = (await response.json()) as T[]
  return { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) }
}

/** `path?a=1&b=2` with the fields that are set, in the order given; the bare path when none is. */
function withQuery(path: string, query: PostListQuery | MediaListQuery): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value as string | number))
  return params.size > 0 ? `${path}?${params}` : path
}
