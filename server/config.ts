import { createHash } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { type ContentSyncConfig, contentSyncConfigOf } from './config-content-sync.ts'
import { type MailConfig, mailConfigOf } from './config-mail.ts'
import { DEFAULT_TRUST_PROXY_HOPS, defaultSiteUrl, type Env, settingsSchema, type SITE_ROLES } from '../core/contract/settings/index.ts'
import type { RedirectTargets } from '../core/redirect-targets.ts'
import { blogDirOf } from './content/post-paths.ts'
import { ConfigError } from './lib/errors.ts'
import { readSettings } from './read-settings.ts'

export type { ContentSyncConfig } from './config-content-sync.ts'
export type { MailConfig } from './config-mail.ts'

/**
 * Every setting of the server, read from environment variables and checked at start: their
 * names, defaults and rules are core/contract/settings/'s schema. README.md lists each one with
 * its default; keep the two in step.
 */
export interface Config {
  mode: 'production' | 'development'
  /**
   * SITE_ROLE: `writer` (the one server with the admin area, whose saves are commits) or
   * `replica` (a read replica: its own clone following GIT_REMOTE_URL, the public site only).
   * compose/server.ts builds each role's parts and app.ts routes them; nothing else asks.
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
  /** The media library's limits on an upload (MEDIA_MAX_BYTES, MEDIA_MAX_VIDEO_BYTES, MEDIA_MAX_AUDIO_BYTES, MEDIA_MAX_PIXELS). */
  media: MediaLimits
  /**
   * BUILD_WORKERS: worker threads that render the post pages in `npm run build`; 0 renders on
   * the build's own thread; null (unset) picks one per core when there are many posts.
   */
  buildWorkers: number | null
  /** SMTP_URL and MAIL_FROM (config-mail.ts): invitations are e-mailed too; null without SMTP_URL. */
  mail: MailConfig | null
  /**
   * LINK_DETAILS_FETCH and LINK_DETAILS_ALLOW_HOSTS: whether a bookmark card saved without a title
   * gets the linked page's details, and the `host:port` entries the fetcher may reach although
   * its guard refuses their address or port (server/link-details/).
   */
  linkDetails: { fetch: boolean; allowHosts: string[] }
}

export type SiteRole = (typeof SITE_ROLES)[number]

export interface MediaLimits {
  /** The largest image accepted, in bytes: 413 above it, before the body is read. */
  maxBytes: number
  /** The largest video (MP4, WebM) accepted, in bytes: 413 above it, as soon as it is passed. */
  maxVideoBytes: number
  /** The largest audio file (MP3, M4A, Ogg, WAV) accepted, in bytes. */
  maxAudioBytes: number
  /** The most pixels an image may have (width × height × frames), read from its header: a decompression bomb is refused. */
  maxPixels: number
}

/**
 * The settings in `env` (process.env), checked by their schema, and the folders they name checked
 * on disk, relative paths resolved against `root`; every wrong value is named in one ConfigError.
 */
export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const problems: string[] = []
  const settings = readSettings(settingsSchema, env, problems)

  const contentDir = path.resolve(root, settings.CONTENT_DIR)
  if (!isDirectory(blogDirOf(contentDir))) {
    problems.push(`CONTENT_DIR=${JSON.stringify(env.CONTENT_DIR ?? 'content')}: ${contentDir} must be a folder that contains a blog/ folder`)
  }
  const dataDir = path.resolve(root, settings.DATA_DIR)
  const dataDirShown = `DATA_DIR=${JSON.stringify(env.DATA_DIR ?? '')}`
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) problems.push(`${dataDirShown}: ${dataDir} must be a folder`)
  if (dataDir === contentDir || dataDir.startsWith(contentDir + path.sep)) {
    problems.push(`${dataDirShown}: must not be inside CONTENT_DIR (it holds password hashes, and content is published)`)
  }

  if (problems.length > 0) throw new ConfigError(problems)
  const siteUrl = settings.SITE_URL ?? defaultSiteUrl(settings.PORT)
  return {
    mode: settings.NODE_ENV,
    role: settings.SITE_ROLE,
    port: settings.PORT,
    host: settings.HOST,
    siteUrl,
    contentDir,
    distDir: path.resolve(root, 'dist'),
    trustProxy: settings.TRUST_PROXY,
    trustProxyHops: settings.TRUST_PROXY ? (settings.TRUST_PROXY_HOPS ?? DEFAULT_TRUST_PROXY_HOPS) : 0,
    redirectTargets: {
      feedback: settings.FEEDBACK_URL,
      discord: settings.DISCORD_URL,
      help: settings.HELP_URL,
      iptv: settings.IPTV_ACCOUNT_URL,
    },
    dataDir,
    siteDir: siteDirOf(dataDir, contentDir),
    sessionSecret: settings.SESSION_SECRET ?? null,
    firstAdmin: { username: settings.ADMIN_USERNAME, password: settings.ADMIN_PASSWORD },
    contentSync: contentSyncConfigOf(settings),
    media: {
      maxBytes: settings.MEDIA_MAX_BYTES,
      maxVideoBytes: settings.MEDIA_MAX_VIDEO_BYTES,
      maxAudioBytes: settings.MEDIA_MAX_AUDIO_BYTES,
      maxPixels: settings.MEDIA_MAX_PIXELS,
    },
    timeZone: settings.SITE_TIMEZONE,
    buildWorkers: settings.BUILD_WORKERS ?? null,
    mail: mailConfigOf(settings, siteUrl),
    linkDetails: { fetch: settings.LINK_DETAILS_FETCH, allowHosts: settings.LINK_DETAILS_ALLOW_HOSTS ?? [] },
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

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory()
}
