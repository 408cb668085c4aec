/**
 * The kinds of block the editor's property test (admin-editor-property.spec.ts) inserts: how a
 * writer inserts one, and how to count it in a post's HTML. A new kind of block is one entry here.
 * Every block the toolbar and its Insert block menu offer is here: videos, images, figures,
 * tables, code blocks, quotes and rules from the toolbar, video and audio files of the media
 * library (chosen in the library, where the test put them), and the menu's toggles, callouts,
 * footnotes, citations, buttons, file downloads, galleries and bookmarks.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { mediaDisplayName } from '../../pages/admin/blog/media/media-name.ts'
import { caretMoved } from './admin-fixtures.ts'

/** What an insertion needs of the editor under test. */
export interface EditorDriver {
  page: Page
  /** The formatting toolbar's button of that name. */
  tool(name: string): Locator
  /** Whether the cursor is on an empty paragraph (a line where `---` makes a rule). */
  onEmptyLine(): Promise<boolean>
  /** The media library's files the test uploaded (their `/media/…` addresses), for the kinds that use them. */
  media: { image: string; video: string; audio: string }
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
  /**
   * The kinds its insertion may take away by design: a code block holds text alone, so the line it
   * is made of loses its citations, as it loses its bold.
   */
  strips?: string[]
}

/** A 1×1 PNG: an image source the rules allow, which loads nothing from a network. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** What a dialog is filled with: its fields by label, or a writer's own steps in it. */
type DialogFill = Record<string, string> | ((dialog: Locator) => Promise<void>)

/**
 * Fills a dialog (opened by the toolbar's button of that name, or by `open`) and presses its
 * button; false when it opened on a block to edit it. That one is closed by Escape, or for the
 * Insert block menu's dialogs by Apply unchanged: their Escape gives the focus to the menu's
 * button, not to the text.
 */
async function throughDialog(editor: EditorDriver, open: string | (() => Promise<unknown>), insertTitle: string, fill: DialogFill, leaveEdit: 'Escape' | 'Apply' = 'Escape'): Promise<boolean> {
  const { page } = editor
  await (typeof open === 'string' ? editor.tool(open).click() : open())
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const inserting = (await dialog.getByRole('heading').first().textContent()) === insertTitle
  if (inserting) {
    // By its name: the media library opens over it.
    const named = page.getByRole('dialog', { name: insertTitle })
    if (typeof fill === 'function') await fill(named)
    else for (const [label, value] of Object.entries(fill)) await named.getByLabel(label, { exact: true }).fill(value)
    await named.getByRole('button', { name: 'Insert', exact: true }).click()
  } else if (leaveEdit === 'Apply') {
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click()
  } else {
    await page.keyboard.press('Escape')
  }
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Content*' })).toBeFocused()
  return inserting
}

/** A video or audio file of the media library, chosen in the library from the toolbar button's dialog. */
function mediaFile(kind: 'video' | 'audio'): (editor: EditorDriver) => Promise<boolean> {
  const button = kind === 'video' ? 'Insert video file' : 'Insert audio file'
  return (editor) => {
    const name = mediaDisplayName(editor.media[kind])
    return throughDialog(editor, button, button, async (dialog) => {
      const part = dialog.getByRole('group', { name: kind === 'video' ? 'Video' : 'Audio', exact: true })
      await part.getByRole('button', { name: 'Choose from library' }).click()
      const library = editor.page.getByRole('dialog', { name: 'Media library' })
      await library.getByRole('button', { name: `Choose ${name}`, exact: true }).click()
      await expect(part).toContainText(name)
    })
  }
}

/**
 * Makes the text before the cursor on its line a citation (Shift+Home, then the menu's Citation),
 * as a writer marks a quote's source; then the cursor is back at the end of it. Only on a line of
 * text that has no citation yet: on one that has, Citation would take it off, or the new one would
 * join it (one `<cite>` for two).
 */
async function cite(editor: EditorDriver): Promise<boolean> {
  const { page } = editor
  const offered = await page.evaluate(() => {
    const root = document.querySelector('.ProseMirror')!
    const selection = getSelection()
    if (root.querySelector('.ProseMirror-selectednode, .ProseMirror-gapcursor') || !selection?.isCollapsed || !selection.anchorNode) return false
    const node = selection.anchorNode
    const block = (node instanceof Element ? node : node.parentElement)?.closest('p, h1, h2, h3, h4, h5, h6, figcaption, summary, pre')
    if (!block || !root.contains(block) || block.tagName === 'PRE' || block.querySelector('cite, :scope > a.button, :scope > a[download]')) return false
    const before = document.createRange()
    before.setStart(block, 0)
    before.setEnd(node, selection.anchorOffset)
    return before.toString().trim() !== ''
  })
  if (!offered) return false
  await page.keyboard.press('Shift+Home')
  // The menu's button takes the focus from the text: only after the selection the keys made is known.
  await caretMoved(page)
  await fromInsertMenu(editor, 'Citation')
  await page.keyboard.press('ArrowRight')
  await caretMoved(page)
  return true
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
    // An image's figure: not a gallery, one of its images, a bookmark card or a player's figure.
    selector: 'figure:not(.gallery, .bookmark, .gallery > figure):has(> img)',
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
  { name: 'code block', selector: 'pre', insert: (editor) => toggleOn(editor, 'Code block'), strips: ['citation'] },
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
    insert: (editor) => throughDialog(editor, () => fromInsertMenu(editor, 'Button…'), 'Insert button', { 'Link address': '/pricing', 'Button label': 'See the plans' }, 'Apply'),
  },
  {
    name: 'footnote',
    selector: 'sup > a[role="doc-noteref"]',
    insert: (editor) => fromInsertMenu(editor, 'Footnote'),
    // The cursor is in the new note: its text.
    thenType: 'Source',
  },
  { name: 'citation', selector: 'cite', insert: cite, needsText: true },
  {
    name: 'download',
    selector: 'a[download]',
    insert: (editor) =>
      throughDialog(editor, () => fromInsertMenu(editor, 'File download…'), 'Insert file download', { 'File address': editor.media.audio, 'File name': 'The recording' }, 'Apply'),
  },
  {
    name: 'gallery',
    selector: 'figure.gallery',
    insert: (editor) =>
      throughDialog(editor, () => fromInsertMenu(editor, 'Gallery…'), 'Insert gallery', async (dialog) => {
        for (const [index, alt] of ['First', 'Second'].entries()) {
          await dialog.getByLabel('Image URL', { exact: true }).fill(editor.media.image)
          await dialog.getByRole('button', { name: 'Add image', exact: true }).click()
          await dialog.getByLabel(new RegExp(`^Alt text of image ${index + 1} `)).fill(alt)
        }
      }),
  },
  {
    name: 'bookmark',
    selector: 'figure.bookmark',
    insert: (editor) =>
      throughDialog(
        editor,
        () => fromInsertMenu(editor, 'Bookmark…'),
        'Insert bookmark',
        { 'Page address': 'https://example.com/article', 'Title (optional)': 'An article', 'Image URL (optional)': editor.media.image },
        'Apply',
      ),
  },
  { name: 'video file', selector: 'video', insert: mediaFile('video') },
  { name: 'audio file', selector: 'audio', insert: mediaFile('audio') },
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
