/**
 * The settings of the content sync (services/sync/content-sync.ts: two-way sync with a git remote,
 * see docs/deployments-and-sync.md), read and checked with the others by `loadConfig`. Credentials are never
 * echoed in a problem message: a wrong token shows as `…`, and a URL holding credentials is
 * shown with them masked.
 */
export interface ContentSyncConfig {
  /** The remote repository over smart HTTP(S), no credentials in it. */
  remoteUrl: string
  /** The remote branch; null: the branch checked out at start. */
  remoteBranch: string | null
  /** For HTTP Basic auth with `token`; `x-access-token` when only a token is set. */
  username: string | null
  token: string | null
  /** Seconds between fetches; 0 turns polling off (pushes after saves and webhooks still run). */
  intervalSeconds: number
  /** Checks `POST /api/hooks/git` (GitHub's X-Hub-Signature-256); null: the hook answers 401. */
  webhookSecret: string | null
  /**
   * PUBLISH_MODE: `direct` (saves go live, SPEC.md) or `review` (each post's saves go to its own
   * branch `cms/<slug>`, pushed for a pull request; live once merged).
   */
  publishMode: 'direct' | 'review'
}

type Env = Record<string, string | undefined>

export const DEFAULT_SYNC_INTERVAL_SECONDS = 60
/** A webhook secret shorter than this could be guessed from signed requests. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16
/** What GitHub, GitLab and Gitea accept as the user name beside a token. */
export const TOKEN_USERNAME = 'x-access-token'

const SETTINGS_NEEDING_URL = ['GIT_REMOTE_BRANCH', 'GIT_USERNAME', 'GIT_TOKEN', 'GIT_SYNC_INTERVAL', 'GIT_WEBHOOK_SECRET'] as const

/** Reads the GIT_* settings; each problem is pushed to `problems` as `NAME=value: reason`. */
export function readContentSyncConfig(env: Env, problems: string[]): ContentSyncConfig | null {
  const value = (name: string) => {
    const raw = env[name]
    return raw === undefined || raw.trim() === '' ? null : raw.trim()
  }
  const rawUrl = value('GIT_REMOTE_URL')
  const mode = value('PUBLISH_MODE') ?? 'direct'
  if (mode !== 'direct' && mode !== 'review') problems.push(`PUBLISH_MODE=${JSON.stringify(mode)}: must be direct or review`)
  const publishMode = mode === 'review' ? 'review' : 'direct'
  if (rawUrl === null) {
    for (const name of SETTINGS_NEEDING_URL) {
      if (value(name) !== null) problems.push(`${name}: has no effect without GIT_REMOTE_URL (set both, or neither)`)
    }
    if (publishMode === 'review') problems.push('PUBLISH_MODE=review: needs GIT_REMOTE_URL (review branches are pushed there for pull requests)')
    return null
  }

  let remoteUrl = rawUrl.replace(/\/+$/, '')
  try {
    const url = new URL(rawUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`GIT_REMOTE_URL=${JSON.stringify(masked(url))}: must be an http(s) URL (the server speaks git's smart HTTP; ssh is not supported)`)
    } else if (url.username || url.password) {
      problems.push(`GIT_REMOTE_URL=${JSON.stringify(masked(url))}: must not hold credentials: put them in GIT_USERNAME and GIT_TOKEN`)
    } else if (url.search || url.hash) {
      problems.push(`GIT_REMOTE_URL=${JSON.stringify(rawUrl)}: must be a repository URL without ?query or #fragment`)
    }
  } catch {
    problems.push(`GIT_REMOTE_URL: must be an absolute http(s) URL such as https://github.com/owner/site.git`)
    remoteUrl = ''
  }

  const remoteBranch = value('GIT_REMOTE_BRANCH')
  if (remoteBranch !== null && !isBranchName(remoteBranch)) {
    problems.push(`GIT_REMOTE_BRANCH=${JSON.stringify(remoteBranch)}: must be a branch name such as main (letters, digits, . _ - /)`)
  }

  const token = env.GIT_TOKEN?.trim() || null
  if (token !== null && /[\s\0-\x1f\x7f]/.test(token)) problems.push('GIT_TOKEN=…: must be one word, without spaces or control characters')
  let username = value('GIT_USERNAME')
  if (username !== null && (username.includes(':') || /[\0-\x1f\x7f]/.test(username))) {
    problems.push(`GIT_USERNAME=${JSON.stringify(username)}: must not contain ':' or control characters`)
  }
  if (username !== null && token === null) problems.push('GIT_USERNAME: needs GIT_TOKEN (a user name alone authenticates nothing)')
  if (token !== null) username ??= TOKEN_USERNAME

  let intervalSeconds = DEFAULT_SYNC_INTERVAL_SECONDS
  const interval = value('GIT_SYNC_INTERVAL')
  if (interval !== null) {
    if (/^\d+$/.test(interval) && Number(interval) <= 86_400) intervalSeconds = Number(interval)
    else problems.push(`GIT_SYNC_INTERVAL=${JSON.stringify(interval)}: must be a whole number of seconds from 0 (no polling) to 86400`)
  }

  const webhookSecret = env.GIT_WEBHOOK_SECRET?.trim() || null
  if (webhookSecret !== null && webhookSecret.length < MIN_WEBHOOK_SECRET_LENGTH) {
    problems.push(`GIT_WEBHOOK_SECRET=…: must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters (try: openssl rand -hex 32)`)
  }

  return { remoteUrl, remoteBranch, username, token, intervalSeconds, webhookSecret, publishMode }
}

/** The rules of `git check-ref-format --branch`, the ones a setting can break. */
function isBranchName(name: string): boolean {
  return (
    /^[A-Za-z0-9._/-]+$/.test(name) &&
    !name.startsWith('-') &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    name.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'))
  )
}

/** The URL with its user and password replaced, for a message. */
function masked(url: URL): string {
  const copy = new URL(url.href)
  if (copy.username) copy.username = '***'
  if (copy.password) copy.password = '***'
  return copy.href
}
