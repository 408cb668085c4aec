/**
 * Tables and figures made in the admin's editor, in a real browser over the real server and a temp
 * git repository: a table from the toolbar filled with the keyboard, a row and a column added,
 * cells merged, saved as the HTML posts store, and shown on the public page; a figure with a
 * caption from the Image dialog, for an external image and a library one.
 */
import type { Page } from '@playwright/test'
import { editor, imageDialog, jpeg, libraryDialog, openNewPost, savedPost, tool, uploadInPage } from './admin-media-helpers.ts'
import { expect, expectToast, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const tableToolbar = (page: Page) => page.getByRole('toolbar', { name: 'Table' })
const tableTool = (page: Page, name: string) => tableToolbar(page).getByRole('button', { name, exact: true })
const cell = (page: Page, text: string) => editor(page).locator('th, td').filter({ hasText: new RegExp(`^${text.replace(/[$.]/g, '\\$&')}$`) })

/** Types each text into a cell, Tab after each one. */
async function typeCells(page: Page, texts: string[]): Promise<void> {
  for (const text of texts) {
    await page.keyboard.type(text)
    await page.keyboard.press('Tab')
  }
}

async function publishAndCreate(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'Published' }).click()
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
}

test('a table made with the toolbar and the keyboard: header row, a row and a column added, cells merged, saved and shown', async ({ page, adminSite }) => {
  test.slow()
  await openNewPost(page, adminSite.url, 'Plans Table')
  await editor(page).click()
  await page.keyboard.type('Our plans:')
  await page.keyboard.press('Enter')
  await expect(tableToolbar(page)).toHaveCount(0)
  await tool(page, 'Insert table').click()
  // A header row and two rows of three cells, the cursor in the first header cell; the table toolbar shows.
  await expect(editor(page).locator('table tr')).toHaveCount(3)
  await expect(editor(page).locator('table tr').first().locator('th')).toHaveCount(3)
  await expect(tableTool(page, 'Header row')).toHaveAttribute('aria-pressed', 'true')
  await expect(tool(page, 'Insert table')).toHaveAttribute('aria-disabled', 'true')
  // Shift+Tab from the first cell leaves the text for the table toolbar, just before it.
  await page.keyboard.press('Shift+Tab')
  await expect(tableTool(page, 'Add row above')).toBeFocused()
  await editor(page).locator('th').first().click()

  // Tab moves cell to cell; Tab in the last cell adds a row.
  await typeCells(page, ['Plan', 'Price', 'Notes', 'Free', '$0', 'Ads', 'Premium', '$4.99', 'No ads'])
  await expect(editor(page).locator('table tr')).toHaveCount(4)
  await typeCells(page, ['Family', '$7.99'])
  // Shift+Tab goes back a cell, its text selected: typing replaces it.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.type('Family plan')

  // A column after Notes, from the table toolbar: its header cell is a header cell too.
  await cell(page, 'Ads').click()
  await tableTool(page, 'Add column after').click()
  await expect(editor(page).locator('table tr').first().locator('th')).toHaveCount(4)
  await cell(page, 'Notes').click()
  await page.keyboard.press('End')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Devices')

  // Merge "No ads" with the empty cell below it: Shift+ArrowDown selects both, then the toolbar merges them.
  await cell(page, 'No ads').click()
  await page.keyboard.press('End')
  await expect(tableTool(page, 'Merge cells')).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Shift+ArrowDown')
  await expect(editor(page).locator('.selectedCell')).toHaveCount(2)
  await expect(tableTool(page, 'Merge cells')).not.toHaveAttribute('aria-disabled')
  await tableTool(page, 'Merge cells').click()
  await expect(cell(page, 'No ads')).toHaveAttribute('rowspan', '2')
  // Split again (the two cells stay selected), and merged once more.
  await expect(tableTool(page, 'Split cell')).not.toHaveAttribute('aria-disabled')
  await tableTool(page, 'Split cell').click()
  await expect(cell(page, 'No ads')).not.toHaveAttribute('rowspan')
  await expect(editor(page).locator('.selectedCell')).toHaveCount(2)
  await tableTool(page, 'Merge cells').click()
  await expect(cell(page, 'No ads')).toHaveAttribute('rowspan', '2')

  // A row added from the toolbar by keyboard: Alt+F10 moves to the table toolbar, arrows to the button.
  await cell(page, 'Free').click()
  await page.keyboard.press('Alt+F10')
  await expect(tableTool(page, 'Add row above')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tableTool(page, 'Add row below')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(editor(page).locator('table tr')).toHaveCount(5)
  // The header row off and on again: its cells become body cells, then header cells with their scope.
  await tableTool(page, 'Header row').click()
  await expect(tableTool(page, 'Header row')).toHaveAttribute('aria-pressed', 'false')
  await expect(editor(page).locator('table th')).toHaveCount(0)
  await tableTool(page, 'Header row').click()
  await expect(editor(page).locator('table tr').first().locator('th[scope="col"]')).toHaveCount(4)
  await expectNoSeriousAxeViolations(page, { include: ['.rte'] })

  await publishAndCreate(page)
  const { content } = await savedPost(adminSite, 'plans-table')
  expect(content).toBe(
    '<p>Our plans:</p>\n' +
      '<table><thead><tr><th scope="col">Plan</th><th scope="col">Price</th><th scope="col">Notes</th><th scope="col">Devices</th></tr></thead>' +
      '<tbody><tr><td>Free</td><td>$0</td><td>Ads</td><td></td></tr>' +
      '<tr><td></td><td></td><td></td><td></td></tr>' +
      '<tr><td>Premium</td><td>$4.99</td><td rowspan="2">No ads</td><td></td></tr>' +
      '<tr><td>Family plan</td><td>$7.99</td><td></td></tr></tbody></table>',
  )

  await page.goto(`${adminSite.url}/blog/plans-table`)
  const table = page.locator('article table, main table').first()
  await expect(table.getByRole('columnheader')).toHaveText(['Plan', 'Price', 'Notes', 'Devices'])
  await expect(table.locator('td[rowspan="2"]')).toHaveText('No ads')
  await expect(table.getByRole('row')).toHaveCount(5)
})

test('a key pressed right after the selection moved, before the browser has announced the move, acts where it moved to', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Quick Keys')
  await editor(page).click()
  await tool(page, 'Insert table').click()
  await typeCells(page, ['A', 'B', 'C', 'one', '', '', 'two'])
  // The caret is in the last row. The browser's selection moves to "one", and Alt+F10 comes in the
  // same task: Chrome announces the move (selectionchange) only after, as it may after a quick click.
  await page.evaluate(() => {
    const one = [...document.querySelectorAll('.ProseMirror td')].find((td) => td.textContent === 'one')!
    getSelection()!.collapse(one.querySelector('p')!.firstChild!, 3)
    one.dispatchEvent(new KeyboardEvent('keydown', { key: 'F10', code: 'F10', altKey: true, bubbles: true, cancelable: true }))
  })
  await expect(tableTool(page, 'Add row above')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(editor(page).locator('tr')).toHaveCount(4)
  await expect(editor(page).locator('tr').nth(1).locator('td').first()).toHaveText('')
  await expect(editor(page).locator('tr').nth(2).locator('td').first()).toHaveText('one')

  // The same for a toolbar button clicked in that moment, the text keeping the focus.
  await cell(page, 'two').click()
  await page.evaluate(() => {
    const c = [...document.querySelectorAll('.ProseMirror th')].find((th) => th.textContent === 'C')!
    getSelection()!.collapse(c.querySelector('p')!.firstChild!, 1)
    document.querySelector<HTMLButtonElement>('[role=toolbar][aria-label=Table] [aria-label="Add column after"]')!.click()
  })
  await expect(editor(page).locator('tr').first().locator('th')).toHaveText(['A', 'B', 'C', ''])

  // And for a key the editor's keymap acts on: Tab from "B" selects "C", which typing replaces.
  await cell(page, 'two').click()
  await page.evaluate(() => {
    const b = [...document.querySelectorAll('.ProseMirror th')].find((th) => th.textContent === 'B')!
    getSelection()!.collapse(b.querySelector('p')!.firstChild!, 1)
    b.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', code: 'Tab', keyCode: 9, bubbles: true, cancelable: true }))
  })
  await page.keyboard.type('x')
  await expect(editor(page).locator('tr').first().locator('th')).toHaveText(['A', 'B', 'x', ''])
})

test('a figure with a caption from the Image dialog, its caption edited in place, for an external and a library image', async ({ page, adminSite }) => {
  test.slow()
  await openNewPost(page, adminSite.url, 'Captioned Screens')
  await editor(page).click()
  await page.keyboard.type('Two screens.')
  await tool(page, 'Image').click()
  const dialog = imageDialog(page)
  await dialog.getByLabel('Image URL').fill('https://watchio.app/images/screen.png')
  await dialog.getByLabel('Alt text', { exact: true }).fill('The home screen')
  await dialog.getByLabel('Caption (optional)').fill('The home screen')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  const figure = editor(page).locator('figure')
  await expect(figure.locator('img')).toHaveAttribute('alt', 'The home screen')
  await expect(figure.locator('figcaption')).toHaveText('The home screen')

  // The caption is text of the post: typed into where it stands.
  await figure.locator('figcaption').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' on a TV')

  // The figure's image opens the dialog with its caption; a library image gets one too.
  const blue = await uploadInPage(page, await jpeg('blue-wall.jpg', 600, 400, { r: 20, g: 20, b: 220 }))
  // The end of the post is the empty line the first figure left the cursor on.
  await page.keyboard.press('ControlOrMeta+End')
  await tool(page, 'Image').click()
  await dialog.getByRole('button', { name: 'Choose from library' }).click()
  await libraryDialog(page).getByRole('button', { name: 'Choose blue-wall.jpg' }).click()
  await dialog.getByLabel('Alt text', { exact: true }).fill('A blue wall')
  await dialog.getByLabel('Caption (optional)').fill('Painted blue')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(editor(page).locator('figure')).toHaveCount(2)

  await figure.first().locator('img').click()
  await tool(page, 'Image').click()
  await expect(dialog.getByLabel('Caption (optional)')).toHaveValue('The home screen on a TV')
  await page.keyboard.press('Escape')

  await publishAndCreate(page)
  const { content } = await savedPost(adminSite, 'captioned-screens')
  expect(content).toBe(
    '<p>Two screens.</p>\n' +
      '<figure><img src="https://watchio.app/images/screen.png" alt="The home screen"><figcaption>The home screen on a TV</figcaption></figure>\n' +
      `<figure><img src="${blue.url}" alt="A blue wall"><figcaption>Painted blue</figcaption></figure>`,
  )

  await page.goto(`${adminSite.url}/blog/captioned-screens`)
  await expect(page.locator('figure figcaption')).toHaveText(['The home screen on a TV', 'Painted blue'])
})

test('a table pasted from a web page or a spreadsheet stays a table, its styles gone', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Pasted Table')
  await editor(page).click()
  await page.keyboard.type('From a sheet:')
  const html =
    '<meta charset="utf-8"><table style="border:1px solid"><thead><tr><th style="color:red" class="x">Plan</th><th>Price</th></tr></thead>' +
    '<tbody><tr><td style="font-weight:bold">Free</td><td colspan="1">$0</td></tr></tbody></table>'
  await editor(page).evaluate((element, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'Plan\tPrice\nFree\t$0')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, html)
  await expect(editor(page).locator('table th')).toHaveText(['Plan', 'Price'])
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const { content } = await savedPost(adminSite, 'pasted-table')
  expect(content).toBe('<p>From a sheet:</p>\n<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td><strong>Free</strong></td><td>$0</td></tr></tbody></table>')
})
