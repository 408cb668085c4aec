/** Sync in the admin: a post changed on both sides shows "Out of sync" and is resolved from the list. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { createSyncSite, eventually, type SyncSite } from '../support/sync-site.ts'
import { browserSiteEnv } from '../support/temp-site.ts'
import { expectToast, signIn } from './admin-fixtures.ts'

const test = base.extend<object, { syncSite: SyncSite }>({
  syncSite: [
    async ({}, use) => {
      const site = await createSyncSite({ env: await browserSiteEnv() })
      try {
        await use(site)
      } finally {
        await site.cleanup()
      }
    },
    { scope: 'worker' },
  ],
})

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('out of sync: the badge, who changed it on the remote, commits not yet pushed, and "Keep mine" resolves it', async ({ page, syncSite: s }) => {
  const file = 'content/blog/tips-for-smooth-playback.html'
  s.maintainer('pull', '-q', '--no-rebase', 'origin', 'main')
  const theirs = readFileSync(path.join(s.maintainerDir, file), 'utf8').replace(/^summary: .*$/m, 'summary: Summary changed by a maintainer.')
  s.maintainerPush({ [file]: theirs }, 'Maintainer edits the summary')

  await signIn(page, s.server.url)
  const title = 'Ten tips for smooth IPTV playback on Apple TV'
  await card(page, title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByLabel('Summary*').fill('Summary changed by the admin.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })

  // The push finds the remote moved on; the next sync sees the same file changed on both sides.
  await eventually(async () => (await s.api.json<{ state: string }>('GET', '/api/admin/sync')).body.state === 'out-of-sync')
  await page.reload()
  const item = card(page, title)
  await expect(item.getByText('Out of sync', { exact: true })).toBeVisible()
  await expect(item.getByRole('group', { name: `Conflict on "${title}"` })).toContainText('by Maintainer')
  await expect(page.getByRole('status', { name: 'Sync with the git remote' })).toContainText('1 commit not yet pushed')

  await item.getByRole('button', { name: 'Keep mine' }).click()
  await expect(item.getByText('Out of sync', { exact: true })).toHaveCount(0)
  await eventually(() => s.bare('show', `main:${file}`).includes('Summary changed by the admin.'))
  // Both versions stay in history on the remote.
  expect(s.bare('log', '--format=%s', 'main')).toContain('Maintainer edits the summary')
})
