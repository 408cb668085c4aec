/**
 * The kinds of block the editor's property test (admin-editor-property.spec.ts) inserts: how a
 * writer inserts one, and how to count it in a post's HTML. A new kind of block is one entry here.
 * Not yet here: footnotes, file downloads, galleries, bookmarks and video or audio files (their
 * own tests: admin-editor-new-blocks.spec.ts, media-files.spec.ts).
 */
import { expect, type Locator, type Page } from '@playwright/test'

/** What an insertion needs of the editor under test. */
export interface EditorDriver {
  page: Page
  /** The formatting toolbar's button of that name. */
  tool(name: string): Locator
  /** Whether the cursor is on an empty paragraph (a line where `---` makes a rule). */
  onEmptyLine(): Promise<boolean>
}

export interface BlockKind {
  name: string
  /** Counts the kind in a post's HTML (a CSS selector), on the saved file and on the editor's HTML alike. */
  selector: string
  /**
   * Inserts one at the cursor as a writer does. Resolves to false when the editor offers no
   * insertion there (a table in a table, the Image button on a selected image edits it): then
   * the test expects nothing to have changed.
   */
  insert(editor: EditorDriver): Promise<boolean>
  /** Typed into first when the cursor's line is empty: a quote of nothing is left by Enter, as a list item is. */
  needsText?: true
  /**
   * Typed right after it is inserted, as a step of its own (its own undo step): a block the cursor
   * lands inside (a callout) is left by Enter while empty, and goes, as an empty quote does.
   */
  thenType?: string
}

/** A 1×1 PNG: an image source the rules allow, which loads nothing from a network. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** Fills a dialog (opened by the toolbar's button of that name, or by `open`) and presses its button; false when it opened on a selected block, to edit it. */
async function throughDialog(editor: EditorDriver, open: string | (() => Promise<unknown>), insertTitle: string, fields: Record<string, string>): Promise<boolean> {
  const { page } = editor
  await (typeof open === 'string' ? editor.tool(open).click() : open())
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const inserting = (await dialog.getByRole('heading').first().textContent()) === insertTitle
  if (inserting) {
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value)
    await dialog.getByRole('button', { name: 'Insert', exact: true }).click()
  } else {
    await page.keyboard.press('Escape')
  }
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Content*' })).toBeFocused()
  return inserting
}

/** Picks `item` of the toolbar's Insert block menu; for a command run at the cursor, resolves once the text has the focus back. */
async function fromInsertMenu(editor: EditorDriver, item: string): Promise<true> {
  const { page } = editor
  await page.getByRole('button', { name: 'Insert block' }).click()
  await page.getByRole('menu', { name: 'Insert block' }).getByRole('menuitem', { name: item, exact: true }).click()
  if (!item.endsWith('…')) await expect(page.getByRole('textbox', { name: 'Content*' })).toBeFocused()
  return true
}

/** A toggle button (quote, code block) that is not on: pressing it makes the cursor's block that kind. */
async function toggleOn(editor: EditorDriver, button: string): Promise<boolean> {
  if ((await editor.tool(button).getAttribute('aria-pressed')) === 'true') return false
  await editor.tool(button).click()
  return true
}

export const BLOCK_KINDS: BlockKind[] = [
  {
    name: 'video',
    selector: 'iframe',
    insert: (editor) => throughDialog(editor, 'Insert video', 'Insert video', { 'Video link': 'https://youtu.be/dQw4w9WgXcQ', 'Video name': 'A video' }),
  },
  {
    name: 'image',
    selector: 'img:not(figure img)',
    insert: (editor) => throughDialog(editor, 'Image', 'Insert image', { 'Image URL': PIXEL, 'Alt text': 'A pixel' }),
  },
  {
    name: 'figure',
    selector: 'figure',
    insert: (editor) => throughDialog(editor, 'Image', 'Insert image', { 'Image URL': PIXEL, 'Alt text': 'A pixel', 'Caption (optional)': 'A caption' }),
  },
  {
    name: 'table',
    selector: 'table',
    insert: async (editor) => {
      if ((await editor.tool('Insert table').getAttribute('aria-disabled')) === 'true') return false
      await editor.tool('Insert table').click()
      return true
    },
  },
  { name: 'code block', selector: 'pre', insert: (editor) => toggleOn(editor, 'Code block') },
  { name: 'quote', selector: 'blockquote', insert: (editor) => toggleOn(editor, 'Blockquote'), needsText: true },
  {
    name: 'toggle',
    selector: 'details',
    insert: (editor) => fromInsertMenu(editor, 'Toggle'),
  },
  {
    name: 'callout',
    selector: 'aside[role="note"]',
    insert: (editor) => fromInsertMenu(editor, 'Callout'),
    thenType: 'Note',
  },
  {
    name: 'button',
    selector: 'a.button',
    insert: (editor) => throughDialog(editor, () => fromInsertMenu(editor, 'Button…'), 'Insert button', { 'Link address': '/pricing', 'Button label': 'See the plans' }),
  },
  {
    name: 'rule',
    selector: 'hr',
    insert: async (editor) => {
      if (!(await editor.onEmptyLine())) return false
      await editor.page.keyboard.type('---')
      return true
    },
  },
]
