/**
 * Every setting of the server (the environment variables README.md lists), as one zod schema:
 * each field is one variable, with its default and its rule, whose message says what a right
 * value is; the rules between settings run after them. server/config.ts reads the environment
 * through it. The schema is grouped by concept, in the files beside this; zod stays on the
 * server's side (core/contract/index.ts does not export this).
 */
import { z } from 'zod'
import { checkContentSyncSettings, contentSyncSettingsShape } from './content-sync-settings.ts'
import { checkMailSettings, mailSettingsShape } from './mail-settings.ts'
import { checkServerSettings, serverSettingsShape } from './server-settings.ts'
import { EVEN_WITH_WRONG_VALUES, refuse } from './setting.ts'

export * from './content-sync-settings.ts'
export * from './mail-settings.ts'
export * from './server-settings.ts'
export type { Env, SettingIssueParams } from './setting.ts'

export const settingsShape = { ...serverSettingsShape, ...contentSyncSettingsShape, ...mailSettingsShape }

const settingsFields = z.object(settingsShape)
export type Settings = z.output<typeof settingsFields>

/** A replica follows the remote the writer pushes to, and publishes nothing itself. */
function checkSiteRole(settings: Settings, ctx: z.RefinementCtx<unknown>) {
  if (settings.SITE_ROLE !== 'replica') return
  if (settings.GIT_REMOTE_URL === undefined) {
    refuse(ctx, 'SITE_ROLE', 'needs GIT_REMOTE_URL (the remote a replica follows, the one the writer pushes to)', { shown: 'replica' })
  } else if (settings.PUBLISH_MODE === 'review') {
    refuse(ctx, 'SITE_ROLE', 'PUBLISH_MODE=review has no effect on a replica (it publishes nothing): set it on the writer only', { shown: 'replica' })
  }
}

export const settingsSchema = settingsFields.superRefine((settings, ctx) => {
  checkServerSettings(settings, ctx)
  checkContentSyncSettings(settings, ctx)
  checkMailSettings(settings, ctx)
  checkSiteRole(settings, ctx)
}, EVEN_WITH_WRONG_VALUES)
