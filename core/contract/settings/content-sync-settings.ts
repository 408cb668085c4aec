/**
 * The settings of the content sync (two-way sync with a git remote, docs/deployments-and-sync.md)
 * and of review mode. Credentials are never shown in a message: a wrong token or secret shows
 * as `…`, a URL holding credentials with them as `***`.
 */
import { z } from 'zod'
import { EVEN_WITH_WRONG_VALUES, hidden, maskedUrl, oneOf, quoted, refuse, rule, setting, urlOf, wholeNumber } from './setting.ts'

/** GIT_SYNC_INTERVAL when unset. */
export const DEFAULT_SYNC_INTERVAL_SECONDS = 60
const MAX_SYNC_INTERVAL_SECONDS = 86_400
/** A webhook secret shorter than this could be guessed from signed requests. */
const MIN_WEBHOOK_SECRET_LENGTH = 16
/** What GitHub, GitLab and Gitea accept as the user name beside a token: GIT_USERNAME when only GIT_TOKEN is set. */
export const TOKEN_USERNAME = 'x-access-token'

const PUBLISH_MODES = ['direct', 'review'] as const

export const contentSyncSettingsShape = {
  /** `direct`: saves go live; `review`: each post's saves go to its own branch, pushed for a pull request. */
  PUBLISH_MODE: setting(oneOf(PUBLISH_MODES, 'must be direct or review', quoted)).default('direct'),
  /** The remote over smart HTTP(S), no credentials in it; unset, no sync. */
  GIT_REMOTE_URL: setting(remoteUrl()),
  /** The remote branch; unset, the branch checked out at start. */
  GIT_REMOTE_BRANCH: setting(z.string().superRefine(rule(isBranchName, 'must be a branch name such as main (letters, digits, . _ - /)', quoted))),
  GIT_TOKEN: setting(z.string().superRefine(rule((token) => !/[\s\0-\x1f\x7f]/.test(token), 'must be one word, without spaces or control characters', hidden))),
  /** For HTTP Basic auth with GIT_TOKEN; TOKEN_USERNAME when unset. */
  GIT_USERNAME: setting(z.string().superRefine(rule((name) => !name.includes(':') && !/[\0-\x1f\x7f]/.test(name), "must not contain ':' or control characters", quoted))),
  /**
   * Seconds between fetches; 0 turns polling off. DEFAULT_SYNC_INTERVAL_SECONDS when unset,
   * applied by the server: the rules below must see whether it is set.
   */
  GIT_SYNC_INTERVAL: setting(
    wholeNumber(0, MAX_SYNC_INTERVAL_SECONDS, `must be a whole number of seconds from 0 (no polling) to ${MAX_SYNC_INTERVAL_SECONDS}`, { shown: quoted }),
  ),
  /** Checks the git host's webhook (X-Hub-Signature-256); unset, the hook answers 401. */
  GIT_WEBHOOK_SECRET: setting(
    z.string().superRefine(
      rule((secret) => secret.length >= MIN_WEBHOOK_SECRET_LENGTH, `must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters (try: openssl rand -hex 32)`, hidden),
    ),
  ),
}

/** The settings that count only with GIT_REMOTE_URL. */
const REMOTE_SETTINGS = ['GIT_REMOTE_BRANCH', 'GIT_USERNAME', 'GIT_TOKEN', 'GIT_SYNC_INTERVAL', 'GIT_WEBHOOK_SECRET'] as const

const contentSyncSettingsFields = z.object(contentSyncSettingsShape)
export type ContentSyncSettings = z.output<typeof contentSyncSettingsFields>

/** The rules between the sync's settings (EVEN_WITH_WRONG_VALUES). */
export function checkContentSyncSettings(settings: ContentSyncSettings, ctx: z.RefinementCtx<unknown>) {
  if (settings.GIT_REMOTE_URL === undefined) {
    for (const name of REMOTE_SETTINGS) {
      if (settings[name] !== undefined) refuse(ctx, name, 'has no effect without GIT_REMOTE_URL (set both, or neither)', { shown: null })
    }
    if (settings.PUBLISH_MODE === 'review') {
      refuse(ctx, 'PUBLISH_MODE', 'needs GIT_REMOTE_URL (review branches are pushed there for pull requests)', { shown: 'review' })
    }
    return
  }
  if (settings.GIT_USERNAME !== undefined && settings.GIT_TOKEN === undefined) {
    refuse(ctx, 'GIT_USERNAME', 'needs GIT_TOKEN (a user name alone authenticates nothing)', { shown: null })
  }
}

export const contentSyncSettings = contentSyncSettingsFields.superRefine(checkContentSyncSettings, EVEN_WITH_WRONG_VALUES)

/** A repository URL the server can fetch and push over git's smart HTTP, without a trailing `/`. */
function remoteUrl() {
  return z
    .string()
    .superRefine((value, ctx) => {
      const refuseValue = (message: string, shown: string | null) => ctx.addIssue({ code: 'custom', message, params: { shown } })
      const url = urlOf(value)
      if (!url) refuseValue('must be an absolute http(s) URL such as https://github.com/owner/site.git', null)
      else if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        refuseValue("must be an http(s) URL (the server speaks git's smart HTTP; ssh is not supported)", maskedUrl(url, { user: true }))
      } else if (url.username || url.password) {
        refuseValue('must not hold credentials: put them in GIT_USERNAME and GIT_TOKEN', maskedUrl(url, { user: true }))
      } else if (url.search || url.hash) refuseValue('must be a repository URL without ?query or #fragment', quoted(value))
    })
    .transform((value) => value.replace(/\/+$/, ''))
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
