import type Router from '@koa/router'
import { accountRoutes } from '../../server/http/account-api.ts'
import { adminRoutes } from '../../server/http/admin-api.ts'
import { mediaRoutes } from '../../server/http/media-api.ts'
import { passkeyAccountRoutes } from '../../server/http/passkey-account-api.ts'
import { peopleRoutes } from '../../server/http/people-api.ts'
import { peopleSessionsRoutes } from '../../server/http/people-sessions-api.ts'
import { redirectsRoutes } from '../../server/http/redirects-api.ts'
import { securitySettingsRoutes } from '../../server/http/security-settings-api.ts'
import { siteRoutes } from '../../server/http/site-api.ts'
import { tagsRoutes } from '../../server/http/tags-api.ts'
import { totpRoutes } from '../../server/http/totp-api.ts'

/**
 * The admin area's routers, built without their services (only their routes are read), so that a
 * table of routes is checked against the routers themselves and a route added later is seen.
 */
const none = {} as never

/** Posts, media, redirects, tags and the site's copy. */
export function contentRouters(): Router[] {
  return [
    adminRoutes({ accounts: none, posts: none, history: none, preview: none, content: none, timeZone: 'UTC' }),
    mediaRoutes({ accounts: none, library: none, maxBytes: 1 }),
    redirectsRoutes({ accounts: none, redirects: none }),
    tagsRoutes({ accounts: none, tags: none }),
    siteRoutes({ accounts: none, site: none, history: none, preview: none }),
  ]
}

/** A person's own settings, the people and the site's security settings. */
export function accountAreaRouters(): Router[] {
  return [
    accountRoutes(none),
    passkeyAccountRoutes({ accounts: none, passkeys: none }),
    peopleSessionsRoutes({ accounts: none, sessions: none }),
    peopleRoutes({ accounts: none, people: none, invitations: none }),
    securitySettingsRoutes({ accounts: none, requirement: none }),
    totpRoutes({ accounts: none, totp: none }),
  ]
}

/** Each route as `METHOD /path/:param`, without a trailing slash. */
export function routesOf(routers: Router[]): { method: string; path: string }[] {
  return routers.flatMap((router) =>
    router.stack.filter((layer) => layer.methods.length > 0).map((layer) => ({ method: layer.methods.at(-1)!, path: String(layer.path).replace(/\/$/, '') })),
  )
}
