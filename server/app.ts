import type { IncomingMessage, ServerResponse } from 'node:http'
import Koa, { type Middleware } from 'koa'
import { API_PREFIX, MEDIA_API } from '../core/contract/index.ts'
import type { AccountStore } from './accounts/account-store.ts'
import type { SessionStore } from './accounts/session-store.ts'
import type { Config } from './config.ts'
import type { Logger } from './lib/logger.ts'
import type { RenderUrl } from './pages/render-page.ts'
import { adminRoutes } from './http/admin-api.ts'
import { canonicalApiPaths, isUnderPrefix } from './http/canonical-path.ts'
import { accountRoutes } from './http/account-api.ts'
import { authRoutes } from './http/auth-api.ts'
import { gitHookRoutes } from './http/git-hook.ts'
import { invitationRoutes } from './http/invitation-api.ts'
import { peopleRoutes } from './http/people-api.ts'
import { compressJson } from './http/compress-json.ts'
import type { FileCache } from './http/file-cache.ts'
import { handleErrors } from './http/handle-errors.ts'
import { jsonBody } from './http/json-body.ts'
import { mediaRoutes } from './http/media-api.ts'
import { peopleSessionsRoutes } from './http/people-sessions-api.ts'
import { passkeyAccountRoutes } from './http/passkey-account-api.ts'
import { passkeySignInRoutes } from './http/passkey-sign-in-api.ts'
import { redirectsRoutes } from './http/redirects-api.ts'
import { tagsRoutes } from './http/tags-api.ts'
import { requireSecondFactorWhenAsked } from './http/second-factor-required.ts'
import { secondStepRoutes } from './http/second-step-api.ts'
import { securitySettingsRoutes } from './http/security-settings-api.ts'
import { totpRoutes } from './http/totp-api.ts'
import { siteRoutes } from './http/site-api.ts'
import { requireTrustedOrigin } from './http/trusted-origins.ts'
import { requireSignIn, sessionMiddleware } from './http/sessions.ts'
import { type PublicApiBodies, publicApiRoutes } from './http/public-api.ts'
import { quickAnswers } from './http/quick-answers.ts'
import { readOnlyReplicaPage } from './http/read-only-replica.ts'
import type { RequestsInFlight } from './http/requests-in-flight.ts'
import { securityHeaders } from './http/security-headers.ts'
import { type SiteFiles, siteMiddleware } from './http/serve-files.ts'
import { serveMedia } from './http/serve-media.ts'
import { type SearchDeltas, serveSearch } from './http/serve-search.ts'
import type { MediaVariants } from './media/media-variants.ts'
import type { AdminPosts } from './services/posts/admin-posts.ts'
import type { AdminTags } from './services/tags/admin-tags.ts'
import type { BlogContent } from './services/content/blog-content.ts'
import type { ContentSync } from './services/sync/content-sync.ts'
import type { OwnPasskeys } from './services/account/own-passkeys.ts'
import type { OwnPassword } from './services/account/own-password.ts'
import type { OwnProfile } from './services/account/own-profile.ts'
import type { PersonSessions } from './services/account/person-sessions.ts'
import type { TotpEnrolment } from './services/account/totp-enrolment.ts'
import type { PasskeySignIn } from './services/sign-in/passkey-sign-in.ts'
import type { PasswordSignIn } from './services/sign-in/password-sign-in.ts'
import type { SecondFactorRequirement } from './services/sign-in/second-factor-requirement.ts'
import type { SecondStep } from './services/sign-in/second-step.ts'
import type { MediaLibrary } from './services/media/media-library.ts'
import type { Invitations } from './services/team/invitations.ts'
import type { People } from './services/team/people.ts'
import type { PostHistory } from './services/posts/post-history.ts'
import type { PostPreview } from './services/posts/post-preview.ts'
import type { Redirects } from './services/redirects/redirects.ts'
import type { SiteCopy } from './services/site-copy/site-copy.ts'
import type { SiteHistory } from './services/site-copy/site-history.ts'
import type { SitePreview } from './services/site-copy/site-preview.ts'
import type { RedirectsSource } from './content/redirects-source.ts'

export interface AppDeps {
  config: Pick<Config, 'mode' | 'trustProxy' | 'trustProxyHops' | 'siteUrl' | 'timeZone'>
  /** The public API's bodies, prepared from the index (answered before Koa when ready). */
  api: PublicApiBodies
  render: RenderUrl
  /**
   * Production: the build's client files (`dist/client`) and where the site's page for a URL
   * is (PublicPages.fileFor). Null in development, where Vite serves the files.
   */
  files: SiteFiles | null
  fileCache: FileCache
  /** content/redirects.yaml: a path with no page there answers 301. */
  redirects: Pick<RedirectsSource, 'targetOf' | 'problems'>
  /** The media library's originals and the variants made of them (`/media/…`). */
  mediaVariants: MediaVariants
  /** The visitors' search index (`/pagefind/…`): where its files are now, and the cache they are read through. */
  search?: { dirs: () => readonly string[]; deltas?: SearchDeltas; cache: FileCache }
  logger: Logger
  /** Counts the requests being answered, for background work to wait for a quiet moment. */
  traffic?: RequestsInFlight
  /** Vite's dev middleware, development only. */
  devMiddleware?: Middleware
  /** The content sync with GIT_REMOTE_URL, which the git host's webhook wakes; null without one. */
  sync: { service: ContentSync | null; webhookSecret: string | null } | null
  /**
   * The signed-in area, on the writer. Null on a read replica (SITE_ROLE=replica): its admin and
   * auth API answer 404 and its admin pages say it is a read-only replica.
   */
  admin: AdminArea | null
}

export interface AdminArea {
  accounts: AccountStore
  sessions: SessionStore
  posts: AdminPosts
  /** The posts' tags: listed, and renamed across posts. */
  tags: AdminTags
  history: PostHistory
  /** A post page rendered from unsaved fields. */
  preview: PostPreview
  /** The media library and the largest upload it takes (bytes). */
  media: { library: MediaLibrary; maxBytes: number }
  /** The post files the site cannot read, for admins to fix. */
  content: Pick<BlogContent, 'problems'>
  /** The site's redirects: listed, added and removed by admins. */
  redirects: Redirects
  /** The site's copy (content/site/): read and saved by admins. */
  siteCopy: SiteCopy
  /** Its files' past versions, and a page rendered from unsaved values. */
  siteHistory: SiteHistory
  sitePreview: SitePreview
  /** Two-way sync with a git remote (GIT_REMOTE_URL); absent when the app is built without it. */
  sync?: { service: ContentSync | null; branch: () => Promise<string>; webhookSecret: string | null }
  /** Sign the session cookie. */
  sessionKeys: string[]
  /** The ways in (a password, its second step, a passkey) and the team's rule of a second factor for everyone. */
  signIn: { password: PasswordSignIn; secondStep: SecondStep; passkeys: PasskeySignIn; requirement: SecondFactorRequirement }
  /** The signed-in person's own account: profile, password, authenticator app, passkeys, sessions (an admin's view of anyone's too). */
  account: { profile: OwnProfile; password: OwnPassword; totp: TotpEnrolment; passkeys: OwnPasskeys; sessions: PersonSessions }
  /** The clock a sign-in is dated by (tests move it). */
  now: () => number
  /** The team (admins manage it) and the invitations that grow it. */
  people: People
  invitations: Invitations
}

/**
 * The server's request handler over its parts, which the composition root builds
 * (compose/server.ts): the quick answers (a page, file or public API body ready in memory) first,
 * then the Koa app for everything else. It mounts middleware and routes; it makes no service.
 * Tests do not build it on their own: they start the whole server (startServer) over a temp
 * repository.
 */
export function createApp(deps: AppDeps): (request: IncomingMessage, response: ServerResponse) => void {
  const { api } = deps
  const quick = quickAnswers({ mode: deps.config.mode, trustProxy: deps.config.trustProxy, files: deps.files, cache: deps.fileCache, api })
  const koa = createKoa(deps, api).callback()
  const traffic = deps.traffic
  return (request, response) => {
    let answered = false
    try {
      answered = quick(request, response)
    } catch (error) {
      // Not expected (its headers are made once, from values Koa accepted). Half sent: cut it off;
      // otherwise Koa answers, or says why not.
      if (response.headersSent) return void response.destroy(error as Error)
    }
    if (answered) {
      traffic?.quickAnswered()
      return
    }
    traffic?.track(request, response)
    koa(request, response)
  }
}

function createKoa(deps: AppDeps, api: PublicApiBodies): Koa {
  const app = new Koa()
  app.proxy = deps.config.trustProxy
  // ctx.ip: the X-Forwarded-For entry the trusted proxies appended, never one the client wrote.
  app.maxIpsCount = deps.config.trustProxyHops
  app.silent = true

  app.use(securityHeaders(deps.config.mode))
  app.use(handleErrors(deps.logger))
  // Before anything routes: the signed-in area's paths in the one spelling its routers match.
  app.use(canonicalApiPaths([API_PREFIX.admin, API_PREFIX.auth]))
  // First: an image request touches nothing else (no routes, no sessions, no pages), in development too.
  app.use(serveMedia({ variants: deps.mediaVariants }))
  // The search index's files, from the index served now; without one, `/pagefind/…` is a 404.
  app.use(serveSearch({ dirs: deps.search?.dirs ?? (() => []), deltas: deps.search?.deltas, cache: deps.search?.cache ?? deps.fileCache, mode: deps.config.mode }))

  const publicApi = publicApiRoutes(api)
  app.use(publicApi.routes())
  app.use(publicApi.allowedMethods())

  // The git host's webhook: outside the signed-in area (no session, no Origin, its own signature).
  const service = deps.sync?.service
  if (service) {
    const hook = gitHookRoutes({ secret: deps.sync!.webhookSecret, onPush: () => service.request('webhook') })
    app.use(hook.routes())
    app.use(hook.allowedMethods())
  }

  // The one place the role shows in routing: a replica mounts no admin or auth API (the 404
  // below answers them) and answers its admin pages with a short page saying what it is.
  if (deps.admin) mountAdminArea(app, deps.admin, deps)
  else app.use(readOnlyReplicaPage)
  app.use(async (ctx, next) => {
    if (!isUnderPrefix(ctx.path, '/api')) return next()
    ctx.status = 404
    ctx.type = 'text/plain; charset=utf-8'
    ctx.body = 'Not Found'
  })

  if (deps.devMiddleware) app.use(deps.devMiddleware)
  app.use(siteMiddleware({ files: deps.files, cache: deps.fileCache, render: deps.render, redirectOf: (key) => deps.redirects.targetOf(key), mode: deps.config.mode }))
  return app
}

/** The signed-in area: `/api/auth/*`, `/api/admin/*` (posts, media, sync, redirects), behind its own middleware. */
function mountAdminArea(app: Koa, area: AdminArea, { config, redirects: source }: Pick<AppDeps, 'config' | 'redirects'>): void {
  app.keys = area.sessionKeys
  const { accounts, posts, history, preview, sync, signIn, account: own, now } = area
  const auth = authRoutes({ accounts, password: signIn.password, requirement: signIn.requirement, now })
  // The redirects file and the site's copy are content from git too: while one cannot be used (or the redirects hold a chain too long), the admins see why beside the post files.
  const content = { problems: async () => [...area.content.problems(), ...(await source.problems()), ...area.siteCopy.problems()] }
  const admin = adminRoutes({ accounts, posts, history, preview, content, sync, timeZone: config.timeZone })
  const media = mediaRoutes({ accounts, library: area.media.library, maxBytes: area.media.maxBytes })
  // The signed-in area's own middleware runs only there: public pages never touch sessions.
  const inSignedInArea = (middleware: Middleware): Middleware => (ctx, next) =>
    isUnderPrefix(ctx.path, API_PREFIX.auth) || isUnderPrefix(ctx.path, API_PREFIX.admin) ? middleware(ctx, next) : next()
  const signedIn = requireSignIn(accounts)
  // `/admin` is the admin area's front door: its one screen is the posts.
  app.use(async (ctx, next) => {
    if (ctx.path !== '/admin' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    ctx.set('Cache-Control', 'no-store')
    ctx.redirect(`/admin/blog${ctx.search}`)
  })
  app.use(inSignedInArea(requireTrustedOrigin({ siteUrl: config.siteUrl, uploadPaths: [MEDIA_API] })))
  app.use(inSignedInArea(noStore))
  app.use(inSignedInArea(sessionMiddleware(app, area.sessions)))
  // Each admin route checks the sign-in itself (api-router.ts); this says it once more for the
  // whole area, in any spelling, so that nobody gets a 401 (not a 404 or a 500) for every path
  // of it, and no body from nobody is ever read.
  app.use((ctx, next) => (isUnderPrefix(ctx.path, API_PREFIX.admin) ? signedIn(ctx, next) : next()))
  app.use(inSignedInArea(requireSecondFactorWhenAsked({ accounts, requirement: signIn.requirement })))
  app.use(inSignedInArea(compressJson))
  // After the gate: a post's or a page's larger body is read only for someone signed in.
  app.use(inSignedInArea(jsonBody()))
  const redirects = redirectsRoutes({ accounts, redirects: area.redirects })
  const tags = tagsRoutes({ accounts, tags: area.tags })
  const site = siteRoutes({ accounts, site: area.siteCopy, history: area.siteHistory, preview: area.sitePreview })
  const twoStep = [
    secondStepRoutes({ secondStep: signIn.secondStep, now }),
    totpRoutes({ accounts, totp: own.totp }),
    securitySettingsRoutes({ accounts, requirement: signIn.requirement }),
  ]
  const account = accountRoutes({ accounts, profile: own.profile, password: own.password, sessions: own.sessions })
  const peopleSessions = peopleSessionsRoutes({ accounts, sessions: own.sessions })
  const passkeyRoutes = [passkeySignInRoutes({ passkeys: signIn.passkeys, now }), passkeyAccountRoutes({ accounts, passkeys: own.passkeys })]
  const team = peopleRoutes({ accounts, people: area.people, invitations: area.invitations })
  const invited = invitationRoutes({ invitations: area.invitations, now })
  for (const router of [auth, invited, ...twoStep, ...passkeyRoutes, admin, media, redirects, tags, site, account, peopleSessions, team]) {
    app.use(router.routes())
    app.use(router.allowedMethods())
  }
}

/** Answers about accounts and drafts are private and always fresh: never cached anywhere. */
const noStore: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store')
  await next()
}
