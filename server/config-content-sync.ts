/**
 * The settings of the content sync (services/sync/content-sync.ts: two-way sync with a git remote,
 * see docs/deployments-and-sync.md): GIT_* and PUBLISH_MODE, whose names, defaults and rules are
 * core/contract/settings/content-sync-settings.ts's. `loadConfig` reads them with the others.
 */
import { type ContentSyncSettings, DEFAULT_SYNC_INTERVAL_SECONDS, TOKEN_USERNAME } from '../core/contract/settings/index.ts'

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


/** The sync's config from its settings; null without GIT_REMOTE_URL (no sync). */
export function contentSyncConfigOf(settings: ContentSyncSettings): ContentSyncConfig | null {
  if (settings.GIT_REMOTE_URL === undefined) return null
  const token = settings.GIT_TOKEN ?? null
  return {
    remoteUrl: settings.GIT_REMOTE_URL,
    remoteBranch: settings.GIT_REMOTE_BRANCH ?? null,
    username: settings.GIT_USERNAME ?? (token === null ? null : TOKEN_USERNAME),
    token,
    intervalSeconds: settings.GIT_SYNC_INTERVAL ?? DEFAULT_SYNC_INTERVAL_SECONDS,
    webhookSecret: settings.GIT_WEBHOOK_SECRET ?? null,
    publishMode: settings.PUBLISH_MODE,
  }
}
