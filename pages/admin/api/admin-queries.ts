import { queryOptions } from '@tanstack/react-query'
import { API_PATHS, type MediaListQuery, type PasskeySummary, type PostListQuery } from '../../../core/contract/index.ts'
import type { SiteFileName } from '../../../core/site-content/index.ts'
import { adminApi } from './api-client.ts'
import { queryClient } from './query-client.ts'

/**
 * What the admin reads, as TanStack Query options (key and typed read together), and what each
 * write makes it read again. The keys are built here and nowhere else, so what invalidation
 * matches on is said in this one file. Each key starts with its URL (query-client.ts says why).
 */
const keys = {
  me: [API_PATHS.me],
  site: [API_PATHS.site],
  passkeys: [API_PATHS.accountPasskeys],
  /** The admin list's pages: `[list URL, { list: query }]`, apart from the single posts below. */
  postPages: [API_PATHS.adminPosts],
  postPage: (query: PostListQuery) => [API_PATHS.adminPosts, { list: query }],
  post: (id: string) => [API_PATHS.adminPost(id)],
  publicPosts: [API_PATHS.publicPosts],
  postProblems: [API_PATHS.postProblems],
  postHistory: (id: string) => [API_PATHS.postHistory(id)],
  postVersion: (id: string, commit: string) => [API_PATHS.postHistory(id), commit],
  postCompare: (id: string, commit: string) => [API_PATHS.postHistory(id), commit, 'compare'],
  deletedPosts: [API_PATHS.deletedPosts],
  sync: [API_PATHS.sync],
  redirects: [API_PATHS.redirects],
  tags: [API_PATHS.adminTags],
  sitePages: [API_PATHS.sitePages],
  sitePage: (name: SiteFileName) => [API_PATHS.sitePages, name],
  sitePageHistory: (name: SiteFileName) => [API_PATHS.sitePageHistory(name)],
  sitePageVersion: (name: SiteFileName, commit: string) => [API_PATHS.sitePageHistory(name), commit],
  people: [API_PATHS.people],
  invitations: [API_PATHS.invitations],
  /** The invitation a signed-out invitee opened (one per page: the token is not part of the key). */
  invitationPreview: [API_PATHS.invitationLookup],
  account: [API_PATHS.account],
  accountSessions: [API_PATHS.accountSessions],
  mediaPages: [API_PATHS.media],
  mediaPage: (query: MediaListQuery) => [API_PATHS.media, { list: query }],
  totp: [API_PATHS.accountTotp],
  securitySettings: [API_PATHS.securitySettings],
}

/** A post's or a site file's history, its versions and their comparisons: `[…/history, commit?, 'compare'?]`. */
const isHistoryKey = (key: readonly unknown[]) => String(key[0]).endsWith('/history')

export const adminQueries = {
  me: () => queryOptions({ queryKey: keys.me, queryFn: ({ signal }) => adminApi.me(signal) }),
  site: () => queryOptions({ queryKey: keys.site, queryFn: ({ signal }) => adminApi.site(signal) }),
  passkeys: () => queryOptions({ queryKey: keys.passkeys, queryFn: ({ signal }) => adminApi.passkeys(signal) }),
  postPage: (query: PostListQuery) => queryOptions({ queryKey: keys.postPage(query), queryFn: ({ signal }) => adminApi.listPosts(query, signal) }),
  post: (id: string) => queryOptions({ queryKey: keys.post(id), queryFn: ({ signal }) => adminApi.post(id, signal) }),
  postProblems: () => queryOptions({ queryKey: keys.postProblems, queryFn: ({ signal }) => adminApi.postProblems(signal) }),
  postHistory: (id: string) => queryOptions({ queryKey: keys.postHistory(id), queryFn: ({ signal }) => adminApi.postHistory(id, signal) }),
  postVersion: (id: string, commit: string) =>
    queryOptions({ queryKey: keys.postVersion(id, commit), queryFn: ({ signal }) => adminApi.postVersion(id, commit, signal) }),
  postCompare: (id: string, commit: string) =>
    queryOptions({ queryKey: keys.postCompare(id, commit), queryFn: ({ signal }) => adminApi.compareVersion(id, commit, signal) }),
  deletedPosts: () => queryOptions({ queryKey: keys.deletedPosts, queryFn: ({ signal }) => adminApi.deletedPosts(signal) }),
  redirects: () => queryOptions({ queryKey: keys.redirects, queryFn: ({ signal }) => adminApi.redirects(signal) }),
  tags: () => queryOptions({ queryKey: keys.tags, queryFn: ({ signal }) => adminApi.tags(signal) }),
  sitePages: () => queryOptions({ queryKey: keys.sitePages, queryFn: ({ signal }) => adminApi.sitePages(signal) }),
  sitePage: <N extends SiteFileName>(name: N) => queryOptions({ queryKey: keys.sitePage(name), queryFn: ({ signal }) => adminApi.sitePage(name, signal) }),
  sitePageHistory: (name: SiteFileName) => queryOptions({ queryKey: keys.sitePageHistory(name), queryFn: ({ signal }) => adminApi.sitePageHistory(name, signal) }),
  sitePageVersion: <N extends SiteFileName>(name: N, commit: string) =>
    queryOptions({ queryKey: keys.sitePageVersion(name, commit), queryFn: ({ signal }) => adminApi.sitePageVersion(name, commit, signal) }),
  syncStatus: () => queryOptions({ queryKey: keys.sync, queryFn: ({ signal }) => adminApi.syncStatus(signal) }),
  people: () => queryOptions({ queryKey: keys.people, queryFn: ({ signal }) => adminApi.people(signal) }),
  invitations: () => queryOptions({ queryKey: keys.invitations, queryFn: ({ signal }) => adminApi.invitations(signal) }),
  invitationPreview: (token: string) =>
    queryOptions({ queryKey: keys.invitationPreview, queryFn: ({ signal }) => adminApi.invitationPreview(token, signal), retry: false, staleTime: Infinity }),
  mediaPage: (query: MediaListQuery) => queryOptions({ queryKey: keys.mediaPage(query), queryFn: ({ signal }) => adminApi.listMedia(query, signal) }),
  totpStatus: () => queryOptions({ queryKey: keys.totp, queryFn: ({ signal }) => adminApi.totpStatus(signal) }),
  securitySettings: () => queryOptions({ queryKey: keys.securitySettings, queryFn: ({ signal }) => adminApi.securitySettings(signal) }),
  account: () => queryOptions({ queryKey: keys.account, queryFn: ({ signal }) => adminApi.account(signal) }),
  accountSessions: () => queryOptions({ queryKey: keys.accountSessions, queryFn: ({ signal }) => adminApi.accountSessions(signal) }),
}

/** After a change to one's own account: its details, who is signed in (the name the admin shows), and the sessions. */
export async function refetchAccount(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.account }),
    queryClient.invalidateQueries({ queryKey: keys.me }),
    queryClient.invalidateQueries({ queryKey: keys.accountSessions }),
  ])
}

/**
 * After a write to the posts (create, update, delete, restore, a resolved conflict, a sync),
 * both lists are fetched again (SPEC §7): the admin list's pages, and the public one.
 */
export async function refetchLists(): Promise<void> {
  await Promise.all([
    // The admin list's page on screen now, or as soon as the list shows again (after a save); other
    // pages when they are next shown, never all at once. (A post Edit reads is read afresh anyway.)
    queryClient.invalidateQueries({ queryKey: keys.postPages, refetchType: 'active' }),
    queryClient.invalidateQueries({ queryKey: keys.publicPosts, refetchType: 'all' }),
    // Whatever changed the posts (a save, a pull) may have fixed or broken a file.
    queryClient.invalidateQueries({ queryKey: keys.postProblems, refetchType: 'all' }),
    // A save changes what waits to be pushed, and a post's history.
    queryClient.invalidateQueries({ queryKey: keys.sync }),
    queryClient.invalidateQueries({ predicate: (query) => isHistoryKey(query.queryKey) }),
    // A delete or a restore changes which posts are deleted.
    queryClient.invalidateQueries({ queryKey: keys.deletedPosts }),
    // A slug change adds a redirect.
    queryClient.invalidateQueries({ queryKey: keys.redirects }),
    // A save or a rename changes the tags in use.
    queryClient.invalidateQueries({ queryKey: keys.tags }),
  ])
}

/** After a save or a restore of the site's copy: the files (their versions and state, that file's values, its history), and the problems a fix may leave. */
export async function refetchSitePages(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.sitePages }),
    queryClient.invalidateQueries({ predicate: (query) => isHistoryKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: keys.postProblems }),
    queryClient.invalidateQueries({ queryKey: keys.sync }),
  ])
}

/** After a redirect is added or removed: the list, and the problems (a fixed redirects file leaves them), and what waits to be pushed. */
export async function refetchRedirects(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.redirects }),
    queryClient.invalidateQueries({ queryKey: keys.postProblems }),
    queryClient.invalidateQueries({ queryKey: keys.sync }),
  ])
}

/** After "Sync now": where the sync stands first, then what a pull may have changed. */
export async function refetchAfterSync(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: keys.sync })
  await refetchLists()
}

/** After an upload or a delete in the media library: its pages are read again. */
export function refetchMedia(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.mediaPages })
}

/** After a change to the team or its invitations: both lists, and who is signed in (their own role may have changed). */
export async function refetchPeople(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.people }),
    queryClient.invalidateQueries({ queryKey: keys.invitations }),
    queryClient.invalidateQueries({ queryKey: keys.me }),
  ])
}

/** After signing in: who is signed in is asked again. */
export function refetchSignedIn(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.me })
}

/** A passkey change answers the list as it is now: shown without another read. */
export function showPasskeys(list: PasskeySummary[]): void {
  queryClient.setQueryData(keys.passkeys, list)
}

/** Signing out (SPEC §4): all cached data is cleared. */
export function clearAdminData(): void {
  queryClient.clear()
}

/** After a factor changes: its status, and who is signed in (whether a factor is still missing). */
export function refetchSecondFactor(): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: keys.totp }), queryClient.invalidateQueries({ queryKey: keys.me })]).then(() => {})
}
