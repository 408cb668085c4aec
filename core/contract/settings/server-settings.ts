/**
 * The server's own settings: where it listens, where its site is, what it trusts, where its
 * folders are, its role, its limits. The folders' rules are the file system's and server/config.ts
 * checks them (CONTENT_DIR holds blog/, DATA_DIR is a folder and not inside CONTENT_DIR).
 */
import { z } from 'zod'
import { DEFAULT_MEDIA_MAX_AUDIO_BYTES, DEFAULT_MEDIA_MAX_BYTES, DEFAULT_MEDIA_MAX_VIDEO_BYTES } from '../limits.ts'
import { DEFAULT_REDIRECT_TARGETS } from '../../redirect-targets.ts'
import { isTimeZone } from '../../site-day.ts'
import { EVEN_WITH_WRONG_VALUES, exactSetting, hidden, oneOf, quoted, refuse, rule, setting, urlOf, wholeNumber } from './setting.ts'

const DEFAULT_PORT = 3000
/** Behind TRUST_PROXY: one proxy, the one in front of the server. */
export const DEFAULT_TRUST_PROXY_HOPS = 1
/** A shorter secret could be guessed; 32 characters of hex or base64 carry 128 bits or more. */
const MIN_SESSION_SECRET_LENGTH = 32
const DEFAULT_MEDIA_MAX_PIXELS = 50_000_000
/** Up to 1 GB: the upload is held in memory while it is checked. */
const MAX_MEDIA_BYTES = 1024 * 1024 * 1024
const MAX_MEDIA_PIXELS = 1_000_000_000
/** Up to 1 GB, as an image: a video or audio upload streams to disk, but is read back whole to be committed (git writes a blob from memory). */
const MAX_AV_BYTES = MAX_MEDIA_BYTES

export const SITE_ROLES = ['writer', 'replica'] as const

/** SITE_URL when unset: this machine, on PORT (on 3000 when PORT is 0, any free port). */
export function defaultSiteUrl(port: number): string {
  return `http://localhost:${port || DEFAULT_PORT}`
}

export const serverSettingsShape = {
  /** production (npm start) or development (npm run dev), set by the npm scripts; anything else is production. */
  NODE_ENV: z.string().optional().transform((value) => (value === 'development' ? 'development' : 'production')),
  /** The TCP port; 0 picks a free one. */
  PORT: setting(wholeNumber(0, 65535, 'must be a whole number from 0 to 65535')).default(DEFAULT_PORT),
  HOST: setting(z.string()).default('127.0.0.1'),
  /** Trust X-Forwarded-* from a TLS-terminating proxy. */
  TRUST_PROXY: setting(trueOrFalse()).default(false),
  /** With TRUST_PROXY, how many proxies append to X-Forwarded-For; DEFAULT_TRUST_PROXY_HOPS when unset. */
  TRUST_PROXY_HOPS: setting(wholeNumber(1, 10, 'must be a whole number from 1 to 10')),
  /** The public origin; defaultSiteUrl(PORT) when unset. */
  SITE_URL: setting(origin()),
  CONTENT_DIR: setting(z.string()).default('content'),
  FEEDBACK_URL: setting(redirectTarget()).default(DEFAULT_REDIRECT_TARGETS.feedback),
  DISCORD_URL: setting(redirectTarget()).default(DEFAULT_REDIRECT_TARGETS.discord),
  HELP_URL: setting(redirectTarget()).default(DEFAULT_REDIRECT_TARGETS.help),
  IPTV_ACCOUNT_URL: setting(redirectTarget()).default(DEFAULT_REDIRECT_TARGETS.iptv),
  DATA_DIR: setting(z.string()).default('.data'),
  /** Signs the session cookie; unset, a key is generated once into DATA_DIR. */
  SESSION_SECRET: exactSetting(
    z.string().superRefine(
      rule((secret) => secret.length >= MIN_SESSION_SECRET_LENGTH, `must be at least ${MIN_SESSION_SECRET_LENGTH} characters (try: openssl rand -hex 32)`, () => quoted(hidden())),
    ),
  ),
  /** The first admin account, seeded with both or neither. */
  ADMIN_USERNAME: setting(z.string()),
  ADMIN_PASSWORD: exactSetting(z.string()),
  SITE_ROLE: setting(oneOf(SITE_ROLES, 'must be writer or replica')).default('writer'),
  SITE_TIMEZONE: setting(z.string().refine(isTimeZone, 'must be an IANA time zone name, such as UTC, Europe/Berlin or America/New_York')).default('UTC'),
  MEDIA_MAX_BYTES: setting(wholeNumber(1, MAX_MEDIA_BYTES, `must be a whole number from 1 to ${MAX_MEDIA_BYTES}`, { digits: /^[1-9]\d*$/ })).default(DEFAULT_MEDIA_MAX_BYTES),
  MEDIA_MAX_VIDEO_BYTES: setting(wholeNumber(1, MAX_AV_BYTES, `must be a whole number from 1 to ${MAX_AV_BYTES}`, { digits: /^[1-9]\d*$/ })).default(DEFAULT_MEDIA_MAX_VIDEO_BYTES),
  MEDIA_MAX_AUDIO_BYTES: setting(wholeNumber(1, MAX_AV_BYTES, `must be a whole number from 1 to ${MAX_AV_BYTES}`, { digits: /^[1-9]\d*$/ })).default(DEFAULT_MEDIA_MAX_AUDIO_BYTES),
  MEDIA_MAX_PIXELS: setting(wholeNumber(1, MAX_MEDIA_PIXELS, `must be a whole number from 1 to ${MAX_MEDIA_PIXELS}`, { digits: /^[1-9]\d*$/ })).default(DEFAULT_MEDIA_MAX_PIXELS),
  /** Worker threads of `npm run build`; unset, the build picks. */
  BUILD_WORKERS: setting(wholeNumber(0, 16, 'must be a whole number from 0 to 16')),
  /** on: a bookmark card saved without a title gets the linked page's title, description and image; off: nothing is fetched. */
  LINK_DETAILS_FETCH: setting(trueOrFalse()).default(true),
  /**
   * `host:port` entries, comma-separated, that the link-details fetcher may reach although their
   * address is private or their port is not 80 or 443 (a test's server on 127.0.0.1); unset, none.
   */
  LINK_DETAILS_ALLOW_HOSTS: setting(hostPortList()),
}

const serverSettingsFields = z.object(serverSettingsShape)
export type ServerSettings = z.output<typeof serverSettingsFields>

/** The rules between the server's settings (EVEN_WITH_WRONG_VALUES). */
export function checkServerSettings(settings: ServerSettings, ctx: z.RefinementCtx<unknown>) {
  // A number: TRUST_PROXY_HOPS kept its own rule (a refused one says so itself).
  if (typeof settings.TRUST_PROXY_HOPS === 'number' && settings.TRUST_PROXY !== true) {
    refuse(ctx, 'TRUST_PROXY_HOPS', 'counts only with TRUST_PROXY=true')
  }
  if (settings.LINK_DETAILS_ALLOW_HOSTS !== undefined && settings.LINK_DETAILS_FETCH === false) {
    refuse(ctx, 'LINK_DETAILS_ALLOW_HOSTS', 'has no effect with LINK_DETAILS_FETCH=off', { shown: null })
  }
  const username = settings.ADMIN_USERNAME !== undefined
  if (username !== (settings.ADMIN_PASSWORD !== undefined)) {
    refuse(ctx, username ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD', 'set both to seed the first admin account, or neither', {
      name: 'ADMIN_USERNAME and ADMIN_PASSWORD',
      shown: null,
    })
  }
}

export const serverSettings = serverSettingsFields.superRefine(checkServerSettings, EVEN_WITH_WRONG_VALUES)

function trueOrFalse() {
  return z
    .string()
    .regex(/^(?:1|true|yes|on|0|false|no|off)$/i, 'must be true or false')
    .transform((value) => /^(?:1|true|yes|on)$/i.test(value))
}

/**
 * `127.0.0.1:4000, [::1]:4000` → `['127.0.0.1:4000', '[::1]:4000']`: each entry a host and its
 * port, both said (an entry opens one server, not a whole machine), written as URLs write them.
 */
function hostPortList() {
  const entries = (value: string) => value.split(',').map((entry) => entry.trim()).filter(Boolean)
  // Port 80 of http is its default, which a URL leaves out: the port is read apart.
  const hostOf = (entry: string) => {
    const match = /^(.+):(\d{1,5})$/.exec(entry)
    const port = match ? Number(match[2]) : 0
    const url = match && port >= 1 && port <= 65535 ? urlOf(`http://${match[1]}/`) : null
    return url && url.hostname.toLowerCase() === match![1]!.toLowerCase() ? `${url.hostname}:${port}` : null
  }
  return z
    .string()
    .superRefine(rule((value) => entries(value).length > 0 && entries(value).every((entry) => hostOf(entry) !== null), 'must be host:port entries separated by commas, such as 127.0.0.1:4000', quoted))
    .transform((value) => entries(value).map((entry) => hostOf(entry)!))
}

/** `https://example.com/` → `https://example.com`; anything but a bare http(s) origin is refused. */
function origin() {
  return z
    .string()
    .superRefine((value, ctx) => {
      const url = urlOf(value)
      const message = !url
        ? 'must be an absolute URL such as https://watchio.app'
        : url.protocol !== 'http:' && url.protocol !== 'https:'
          ? 'must start with http:// or https://'
          : (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username
            ? 'must be an origin only (no path, query or credentials), such as https://watchio.app'
            : null
      if (message) ctx.addIssue({ code: 'custom', message })
    })
    .transform((value) => new URL(value).origin)
}

/** Where a redirect page sends visitors: an http(s) URL without credentials. */
function redirectTarget() {
  return z.string().superRefine(rule(isHttpUrl, 'must be an absolute http(s) URL', quoted))
}

function isHttpUrl(value: string): boolean {
  const url = urlOf(value)
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
}
