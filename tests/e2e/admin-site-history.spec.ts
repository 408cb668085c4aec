/**
 * The Site area's preview and history, in the browser: the preview beside a form follows its
 * unsaved values (rendered by the site, nothing saved); after a save, the file's history lists
 * it, a version is compared with the current values field by field, and restoring it is one
 * commit whose values the form and the live page take.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { parse } from 'yaml'
import { siteFileOf } from '../../server/content/site-source.ts'
import type { AdminSite } from './admin-fixtures.ts'
import { expect, expectToast, signIn, test } from './site-admin-fixtures.ts'

const premiumAnnual = (page: Page) =>
  page.getByRole('group', { name: 'Plans', exact: true }).getByRole('group', { name: 'Item 2', exact: true }).getByRole('group', { name: 'Annual price', exact: true }).getByLabel('Amount')

async function openPricing(page: Page, adminSite: AdminSite) {
  await signIn(page, adminSite.url)
  await page.goto(`${adminSite.url}/admin/site/pricing`)
  await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeVisible()
}

const annualInFile = async (adminSite: AdminSite) => parse(await readFile(siteFileOf(adminSite.site.contentDir, 'pricing'), 'utf8')).plans[1].annualPrice.amount as number

test('the preview shows the unsaved values as the pricing page, and nothing is saved', async ({ page, adminSite }) => {
  const saves: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PUT') saves.push(request.url())
  })
  await openPricing(page, adminSite)
  const frame = page.frameLocator('iframe[title="Pricing, as previewed"]')
  await expect(frame.getByText('$2.49', { exact: true }).first()).toBeVisible()
  await premiumAnnual(page).fill('1.79')
  await expect(frame.getByText('$1.79', { exact: true }).first()).toBeVisible()
  await expect(frame.getByText('$2.49', { exact: true })).toHaveCount(0)
  expect(saves).toEqual([])
  expect(await annualInFile(adminSite)).toBe(2.49)
})

test('a saved change is in the history; the version before it is compared and restored as one commit, live at once', async ({ page, adminSite }) => {
  await openPricing(page, adminSite)
  await premiumAnnual(page).fill('1.99')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expectToast(page, { title: 'Success', description: 'Pricing saved' })

  const history = page.getByRole('region', { name: 'History of Pricing' })
  const entries = history.getByRole('listitem')
  await expect(entries.first()).toContainText('site: pricing — Premium annual price')
  await expect(entries).toHaveCount(2)
  await entries.nth(1).getByRole('button', { name: /^View/ }).click()
  const compare = history.getByRole('region', { name: /compared with the current one$/ })
  const row = compare.getByRole('row', { name: /Premium annual price/ })
  await expect(row).toContainText('2.49')
  await expect(row).toContainText('1.99')

  await compare.getByRole('button', { name: 'Restore this version' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(premiumAnnual(page)).toHaveValue('2.49')
  expect(await annualInFile(adminSite)).toBe(2.49)
  expect(adminSite.git('log', '-1', '--format=%s')).toMatch(/^site: pricing — restored from [0-9a-f]{7}$/)
  const live = await (await page.request.get(`${adminSite.url}/pricing`)).text()
  expect(live).toContain('>$2.49</span>')
  await expect(entries).toHaveCount(3)
})
