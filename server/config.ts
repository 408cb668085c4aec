import { createHash } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { type ContentSyncConfig, readContentSyncConfig } from './config-content-sync.ts'
import { type MailConfig, readMailConfig } from './config-mail.ts'
import { DEFAULT_MEDIA_MAX_BYTES } from '../core/contract/index.ts'
import { isTimeZone } from '../core/site-day.ts'
import { DEFAULT_REDIRECT_TARGETS, type RedirectTargets } from '../core/redirect-targets.ts'
import { blogDirOf } from './content/post-paths.ts'
import { ConfigError } from './lib/errors.ts'

export type { ContentSyncConfig } from './config-content-sync.ts'
export type { MailConfig } from './config-mail.ts'

/**
 * Every setting of the server, read from environment variables and checked at start.
 * README.md lists each one with its default; keep the two in step.
 */
export interface Config {
  mode: 'production' | 'development'
  /**
   * SITE_ROLE: `writer` (the one server with the admin area, whose saves are commits) or
   * `replica` (a read replica: its own clone following GIT_REMOTE_URL, the public site only).
   * start.ts wires each role's parts and app.ts routes them; nothing else asks.
   */
  role: SiteRole
  /** TCP port; 0 picks a free one (tests). */
  port: number
  host: string
  /** Public origin of the site, no trailing slash: absolute URLs in head tags and the sitemap. */
  siteUrl: string
  /** Absolute path of the folder that holds `blog/`. */
  contentDir: string
  /** Absolute path of the build output (`dist/`). */
  distDir: string
  /** Trust X-Forwarded-* from a TLS-terminating proxy (decides HTTPS, HSTS and client addresses). */
  trustProxy: boolean
  /**
   * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY_HOPS, 1 by
   * default; 0 without TRUST_PROXY): the client address is the entry that many places from the
   * right, the one the outermost trusted proxy wrote. Entries further left are the client's own words.
   */
  trustProxyHops: number
  /** Where the redirect pages send visitors (SPEC §2: /feedback, /discord, /help, /iptv). */
  redirectTargets: RedirectTargets
  /** Absolute path of the private, git-ignored folder for admin accounts, sessions and the session key. */
  dataDir: string
  /**
   * This site's own folder under `dataDir`, one per content repository (siteDirOf): what the
   * running site makes (its pages) lives there, so sites sharing a DATA_DIR never share output.
   */
  siteDir: string
  /** Signs the session cookie; when unset a random key is generated once into `dataDir`. */
  sessionSecret: string | null
  /** Seeds the first admin account instead of a generated password (both or neither). */
  firstAdmin: { username?: string; password?: string }
  /** Two-way sync with a git remote (GIT_* settings, config-content-sync.ts); null without GIT_REMOTE_URL. */
  contentSync: ContentSyncConfig | null
  /** SITE_TIMEZONE: the IANA zone whose midnight starts a scheduled post's day. */
  timeZone: string
  /** The media library's limits on an upload (MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS). */
  media: MediaLimits
  /**
   * BUILD_WORKERS: worker threads that render the post pages in `npm run build`; 0 renders on
   * the build's own thread; null (unset) picks one per core when there are many posts.
   */
  buildWorkers: number | null
  /** SMTP_URL and MAIL_FROM (config-mail.ts): invitations are e-mailed too; null without SMTP_URL. */
  mail: MailConfig | null
}

export type SiteRole = 'writer' | 'replica'

export interface MediaLimits {
  /** The largest file accepted, in bytes: 413 above it, before the body is read. */
  maxBytes: number
  /** The most pixels an image may have (width × height × frames), read from its header: a decompression bomb is refused. */
  maxPixels: number
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { maxBytes: DEFAULT_MEDIA_MAX_BYTES, maxPixels: 50_000_000 }

/** A shorter secret could be guessed; 32 characters of hex or base64 carry 128 bits or more. */
export const MIN_SESSION_SECRET_LENGTH = 32

type Env = Record<string, string | undefined>

const REDIRECT_SETTINGS = [
  ['feedback', 'FEEDBACK_URL'],
  ['discord', 'DISCORD_URL'],
  ['help', 'HELP_URL'],
  ['iptv', 'IPTV_ACCOUNT_URL'],
] as const satisfies readonly (readonly [keyof RedirectTargets, string])[]

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const problems: string[] = []
  const read = <T>(name: string, fallback: T, parse: (value: string) => T | string): T => {
    const raw = env[name]
    if (raw === undefined || raw.trim() === '') return fallback
    const parsed = parse(raw.trim())
    if (typeof parsed === 'string' && typeof fallback !== 'string') {
      problems.push(`${name}=${JSON.stringify(raw)}: ${parsed}`)
      return fallback
    }
    return parsed as T
  }
  const fail = (name: string, raw: string | undefined, message: string) =>
    problems.push(`${name}=${JSON.stringify(raw ?? '')}: ${message}`)

  const mode = env.NODE_ENV === 'development' ? 'development' : 'production'
  const port = read<number>('PORT', 3000, (value) => {
    const number = Number(value)
    return /^\d+$/.test(value) && number <= 65535 ? number : 'must be a whole number from 0 to 65535'
  })
  const host = env.HOST?.trim() || '127.0.0.1'
  const trustProxy = read<boolean>('TRUST_PROXY', false, parseBoolean)
  const proxyHops = read<number | null>('TRUST_PROXY_HOPS', null, (value) => {
    const number = Number(value)
    return /^\d+$/.test(value) && number >= 1 && number <= 10 ? number : 'must be a whole number from 1 to 10'
  })
  if (proxyHops !== null && !trustProxy) fail('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 'counts only with TRUST_PROXY=true')
  const trustProxyHops = trustProxy ? (proxyHops ?? 1) : 0

  let siteUrl = `http://localhost:${port || 3000}`
  if (env.SITE_URL?.trim()) {
    const parsed = parseOrigin(env.SITE_URL.trim())
    if (parsed.startsWith('http')) siteUrl = parsed
    else fail('SITE_URL', env.SITE_URL, parsed)
  }

  const contentDir = path.resolve(root, env.CONTENT_DIR?.trim() || 'content')
  if (!isDirectory(blogDirOf(contentDir))) {
    fail('CONTENT_DIR', env.CONTENT_DIR ?? 'content', `${contentDir} must be a folder that contains a blog/ folder`)
  }

  const redirectTargets: RedirectTargets = { ...DEFAULT_REDIRECT_TARGETS }
  for (const [key, name] of REDIRECT_SETTINGS) {
    const raw = env[name]?.trim()
    if (!raw) continue
    if (isHttpUrl(raw)) redirectTargets[key] = raw
    else fail(name, raw, 'must be an absolute http(s) URL')
  }

  const dataDir = path.resolve(root, env.DATA_DIR?.trim() || '.data')
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) fail('DATA_DIR', env.DATA_DIR, `${dataDir} must be a folder`)
  if (dataDir === contentDir || dataDir.startsWith(contentDir + path.sep)) {
    fail('DATA_DIR', env.DATA_DIR, 'must not be inside CONTENT_DIR (it holds password hashes, and content is published)')
  }

  const sessionSecret = env.SESSION_SECRET || null
  if (sessionSecret !== null && sessionSecret.length < MIN_SESSION_SECRET_LENGTH) {
    fail('SESSION_SECRET', '…', `must be at least ${MIN_SESSION_SECRET_LENGTH} characters (try: openssl rand -hex 32)`)
  }

  const firstAdmin = { username: env.ADMIN_USERNAME?.trim() || undefined, password: env.ADMIN_PASSWORD || undefined }
  if (Boolean(firstAdmin.username) !== Boolean(firstAdmin.password)) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD: set both to seed the first admin account, or neither')
  }

  const contentSync = readContentSyncConfig(env, problems)

  const role = env.SITE_ROLE?.trim() || 'writer'
  if (role !== 'writer' && role !== 'replica') fail('SITE_ROLE', env.SITE_ROLE, 'must be writer or replica')
  if (role === 'replica' && !env.GIT_REMOTE_URL?.trim()) {
    problems.push('SITE_ROLE=replica: needs GIT_REMOTE_URL (the remote a replica follows, the one the writer pushes to)')
  }
  if (role === 'replica' && contentSync?.publishMode === 'review') {
    problems.push('SITE_ROLE=replica: PUBLISH_MODE=review has no effect on a replica (it publishes nothing): set it on the writer only')
  }

  const timeZone = env.SITE_TIMEZONE?.trim() || 'UTC'
  if (!isTimeZone(timeZone)) fail('SITE_TIMEZONE', env.SITE_TIMEZONE, 'must be an IANA time zone name, such as UTC, Europe/Berlin or America/New_York')

  const wholeNumber = (max: number) => (value: string) => {
    const number = Number(value)
    return /^[1-9][0-9]*$/.test(value) && number <= max ? number : `must be a whole number from 1 to ${max}`
  }
  const media: MediaLimits = {
    // Up to 1 GB: the upload is held in memory while it is checked.
    maxBytes: read('MEDIA_MAX_BYTES', DEFAULT_MEDIA_LIMITS.maxBytes, wholeNumber(1024 * 1024 * 1024)),
    maxPixels: read('MEDIA_MAX_PIXELS', DEFAULT_MEDIA_LIMITS.maxPixels, wholeNumber(1_000_000_000)),
  }

  const buildWorkers = read<number | null>('BUILD_WORKERS', null, (value) =>
    /^[0-9]+$/.test(value) && Number(value) <= 16 ? Number(value) : 'must be a whole number from 0 to 16',
  )

  const mail = readMailConfig(env, problems, siteUrl)

  if (problems.length > 0) throw new ConfigError(problems)
  return {
    mode,
    role: role === 'replica' ? 'replica' : 'writer',
    port,
    host,
    siteUrl,
    contentDir,
    distDir: path.resolve(root, 'dist'),
    trustProxy,
    trustProxyHops,
    redirectTargets,
    dataDir,
    siteDir: siteDirOf(dataDir, contentDir),
    sessionSecret,
    firstAdmin,
    contentSync,
    media,
    timeZone,
    buildWorkers,
    mail,
  }
}

/**
 * `DATA_DIR/sites/<folder>-<hash>`: named after the folder that holds CONTENT_DIR (for people)
 * and a hash of CONTENT_DIR's path (so that two content repositories never get the same one).
 */
export function siteDirOf(dataDir: string, contentDir: string): string {
  const folder = path.basename(path.dirname(contentDir)).replace(/[^a-z0-9_-]/gi, '_').slice(0, 40)
  const hash = createHash('sha256').update(contentDir).digest('hex').slice(0, 12)
  return path.join(dataDir, 'sites', `${folder}-${hash}`)
}

function parseBoolean(value: string): boolean | string {
  if (/^(1|true|yes|on)$/i.test(value)) return true
  if (/^(0|false|no|off)$/i.test(value)) return false
  return 'must be true or false'
}

/** `https://example.com/` → `https://example.com`; anything but a bare http(s) origin is refused. */
function parseOrigin(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be an absolute URL such as https://watchio.app'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must start with http:// or https://'
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    return 'must be an origin only (no path, query or credentials), such as https://watchio.app'
  }
  return url.origin
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
  } catch {
    return false
  }
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory()
}
