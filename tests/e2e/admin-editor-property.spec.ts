/**
 * The editor never loses a block, as a property: random sequences of what a writer does (insert
 * a block of any kind the editor offers, type, Enter, ArrowDown, undo, redo) in a real browser,
 * then a save through the real server. After every step no block has gone that was not undone;
 * undo and redo give back exactly the document they should; the footnotes are numbered in the
 * references' order, each with its note, the notes in that order; the saved file holds every block
 * inserted and not undone, and is exactly the editor's document as the editor writes it.
 *
 * The kinds (editor-block-kinds.ts) are every block of the toolbar and of its Insert block menu:
 * videos, images, figures, tables, code blocks, quotes, rules, video and audio files of the media
 * library, toggles, callouts, footnotes, citations, buttons, file downloads, galleries and
 * bookmarks. The library's files (a video, an audio file, an image) are uploaded once, through
 * the real API, before the sequences.
 *
 * Sequences come from fast-check with a random seed, printed when a run fails. Replay one with
 * EDITOR_PROPERTY_SEED=<seed> (and EDITOR_PROPERTY_PATH=<path> for that very run).
 *
 * Undo groups edits made less than a second apart (SPEC §5), so each step happens at a time of
 * its own (the page's Date, set, never waited for): every step that changes the document is
 * one undo step, which the model below can follow.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import fc from 'fast-check'
import { normalizeEditorHtml } from '../../pages/admin/blog/editor/normalize-html.ts'
import { isContentEmpty } from '../../pages/admin/blog/post-form.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { clipWebm, toneWav } from '../support/av-files.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'
import { png, uploadInPage } from './admin-media-helpers.ts'
import { BLOCK_KINDS, type BlockKind, type EditorDriver } from './editor-block-kinds.ts'

// 240 steps, in 8 posts of 30: a save costs more than a step, and so do the kinds inserted through a
// dialog (half of them), so the steps are as many as with fewer kinds and the posts fewer.
const RUNS = 8
const STEPS = 30
const WORDS = ['alpha', 'beta', 'gamma', 'delta']

type Step =
  | { do: 'insert'; kind: string }
  | { do: 'type'; word: string }
  | { do: 'enter' }
  | { do: 'down' }
  | { do: 'undo' }
  | { do: 'redo'; keys: string }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constantFrom(...BLOCK_KINDS.map((kind) => kind.name)).map((kind): Step => ({ do: 'insert', kind })), weight: 4 },
  { arbitrary: fc.constantFrom(...WORDS).map((word): Step => ({ do: 'type', word })), weight: 3 },
  { arbitrary: fc.constant<Step>({ do: 'enter' }), weight: 2 },
  { arbitrary: fc.constant<Step>({ do: 'down' }), weight: 1 },
  { arbitrary: fc.constant<Step>({ do: 'undo' }), weight: 2 },
  { arbitrary: fc.constantFrom('ControlOrMeta+Shift+z', 'ControlOrMeta+y').map((keys): Step => ({ do: 'redo', keys })), weight: 1 },
)

/** The editor's document: as JSON (every change, an empty trailing paragraph too) and as the editor writes it. */
interface Reading {
  json: string
  html: string
  counts: number[]
  /** What is wrong with its footnotes, or null. */
  footnotes: string | null
}

/** The editor's document right now, serialized the way the editor does (getHTML), in an inert document. */
async function readEditor(page: Page): Promise<{ json: string; raw: string }> {
  return page.evaluate(() => {
    // ProseMirror keeps its view's description on the editable element; the schema caches the serializer the editor uses.
    const root = document.querySelector('.ProseMirror') as unknown as { pmViewDesc: { node: ProseNode } }
    interface ProseNode {
      toJSON(): unknown
      content: unknown
      type: { schema: { cached: { domSerializer: { serializeFragment(content: unknown, options: { document: Document }): DocumentFragment } } } }
    }
    const doc = root.pmViewDesc.node
    const inert = document.implementation.createHTMLDocument('')
    const box = inert.createElement('div')
    box.append(doc.type.schema.cached.domSerializer.serializeFragment(doc.content, { document: inert }))
    return { json: JSON.stringify(doc.toJSON()), raw: box.innerHTML }
  })
}

/**
 * How many blocks of each kind (BLOCK_KINDS order) `html` holds, and what is wrong with its
 * footnotes: each reference numbered by its place among the references (a name's first), with
 * its note; the notes in the references' order, those no reference names last.
 */
function inspect(page: Page, html: string): Promise<{ counts: number[]; footnotes: string | null }> {
  return page.evaluate(
    ({ html, selectors }) => {
      const doc = new DOMParser().parseFromString(html, 'text/html')
      const counts = selectors.map((selector) => doc.body.querySelectorAll(selector).length)
      const section = doc.querySelector('section[role="doc-endnotes"]')
      const notes = [...(section?.querySelectorAll(':scope > ol > li') ?? [])].map((note) => note.id.replace(/^fn-/, ''))
      const order: string[] = []
      for (const reference of doc.querySelectorAll('sup > a[role="doc-noteref"]')) {
        if (section?.contains(reference)) continue
        const name = reference.id.replace(/^fnref-/, '')
        if (!order.includes(name)) order.push(name)
        if (reference.textContent !== String(order.indexOf(name) + 1)) return { counts, footnotes: `reference ${name} shows ${reference.textContent}, not ${order.indexOf(name) + 1}` }
        if (!notes.includes(name)) return { counts, footnotes: `reference ${name} has no note (notes: ${notes.join(', ')})` }
      }
      const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
      const ranks = notes.map(rank)
      const inOrder = ranks.every((at, index) => index === 0 || ranks[index - 1]! <= at)
      return { counts, footnotes: inOrder ? null : `notes ${notes.join(', ')} for references ${order.join(', ')}` }
    },
    { html, selectors: BLOCK_KINDS.map((kind) => kind.selector) },
  )
}

async function read(page: Page): Promise<Reading> {
  const { json, raw } = await readEditor(page)
  const html = normalizeEditorHtml(raw)
  return { json, html, ...(await inspect(page, html)) }
}

const describeCounts = (counts: number[]) => BLOCK_KINDS.map((kind, i) => `${kind.name}: ${counts[i]}`).join(', ')

/** Each count at least what is expected: no block gone. */
function expectAtLeast(counts: number[], expected: number[], context: string): void {
  const short = BLOCK_KINDS.filter((_, i) => counts[i]! < expected[i]!).map((kind) => kind.name)
  expect(short, `${context}: blocks lost (${describeCounts(counts)}, expected at least ${describeCounts(expected)})`).toEqual([])
}

/** A state of the document the undo history can come back to: its HTML and the blocks it must hold. */
interface Snapshot {
  html: string
  expected: number[]
}

test('random sequences of inserts, typing, Enter, ArrowDown, undo and redo never lose a block, and the saved file is the editor\'s document', async ({ page, adminSite }) => {
  // A fixed number of runs of fixed length, each a new post saved: under a minute on a loaded machine.
  test.setTimeout(600_000)
  const seed = process.env.EDITOR_PROPERTY_SEED ? Number(process.env.EDITOR_PROPERTY_SEED) : undefined
  const replayPath = process.env.EDITOR_PROPERTY_PATH
  await signIn(page, adminSite.url)
  // The media library's files the video file, audio file, download, gallery and bookmark kinds use: once for all the runs.
  const media = {
    video: (await uploadInPage(page, { name: 'clip.webm', mimeType: 'video/webm', buffer: clipWebm() })).url,
    audio: (await uploadInPage(page, { name: 'tone.wav', mimeType: 'audio/wav', buffer: toneWav() })).url,
    image: (await uploadInPage(page, await png('tile.png', 8, 8, { r: 40, g: 120, b: 200 }))).url,
  }
  const editor = page.getByRole('textbox', { name: 'Content*' })
  const driver: EditorDriver = {
    page,
    tool: (name) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true }),
    onEmptyLine: () =>
      page.evaluate(() => {
        const root = document.querySelector('.ProseMirror')!
        if (root.querySelector('.ProseMirror-selectednode, .ProseMirror-gapcursor')) return false
        const node = getSelection()?.anchorNode
        const element = node instanceof Element ? node : node?.parentElement
        const block = element?.closest('p, pre, h1, h2, h3, h4, h5, h6, figcaption, td, th')
        return block?.tagName === 'P' && block.textContent === '' && root.contains(block)
      }),
    media,
  }
  let time = Date.now()
  let run = 0

  await fc.assert(
    fc.asyncProperty(fc.array(stepArbitrary, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
      run++
      const title = `Property run ${run}`
      await page.getByRole('button', { name: 'New Post' }).click()
      await page.getByLabel('Title*').fill(title)
      await page.getByLabel('Summary*').fill('Made by the editor property test.')
      await editor.click()
      await expect(editor).toBeFocused()

      let current: Snapshot = { html: '', expected: BLOCK_KINDS.map(() => 0) }
      const done: Snapshot[] = []
      const undone: Snapshot[] = []
      let reading = await read(page)
      const log: string[] = []

      /** One thing a writer does, at a time of its own; `expected` what the document must then hold at least. */
      const act = async (label: string, action: () => Promise<void>, expected: (before: Reading, after: Reading) => number[]) => {
        time += 5000
        await page.clock.setFixedTime(time)
        const before = reading
        await action()
        reading = await read(page)
        log.push(label)
        const context = `after ${log.join(' → ')}`
        const next = expected(before, reading)
        expectAtLeast(reading.counts, next, context)
        expect(reading.footnotes, `${context}: the footnotes`).toBeNull()
        return { before, after: reading, next, context }
      }
      /** An edit that is an undo step when it changed the document. */
      const edit = async (label: string, action: () => Promise<void>, expected: (before: Reading, after: Reading) => number[]) => {
        const { before, after, next } = await act(label, action, expected)
        if (after.json === before.json) return
        done.push(current)
        undone.length = 0
        current = { html: after.html, expected: next }
      }
      const insert = async (kind: BlockKind) => {
        if (kind.needsText && (await driver.onEmptyLine())) await edit(`type "${kind.name}"`, () => page.keyboard.type(kind.name), () => current.expected)
        let offered = false
        const index = BLOCK_KINDS.indexOf(kind)
        await edit(
          `insert ${kind.name}`,
          async () => {
            offered = await kind.insert(driver)
          },
          (before, after) => {
            if (!offered || after.json === before.json) return current.expected
            // One more of this kind: exactly one, and none of any kind gone.
            expect(after.counts[index], `insert ${kind.name} made one (${describeCounts(before.counts)} → ${describeCounts(after.counts)})`).toBe(before.counts[index]! + 1)
            // What it may take away by design is expected no more (a citation made code).
            return current.expected.map((count, i) => (i === index ? count + 1 : kind.strips?.includes(BLOCK_KINDS[i]!.name) ? Math.min(count, after.counts[i]!) : count))
          },
        )
        const words = kind.thenType
        if (offered && words) await edit(`type "${words}"`, () => page.keyboard.type(words), () => current.expected)
      }
      /** Undo or redo: the document comes back to the snapshot, exactly. */
      const travel = async (label: string, keys: string, from: Snapshot[], to: Snapshot[]) => {
        const target = from.pop()
        if (!target) return
        to.push(current)
        const { after, context } = await act(label, () => page.keyboard.press(keys), () => target.expected)
        expect(after.html, `${context}: the document it gave back`).toBe(target.html)
        current = target
      }

      for (const step of steps) {
        if (step.do === 'insert') await insert(BLOCK_KINDS.find((kind) => kind.name === step.kind)!)
        else if (step.do === 'type') await edit(`type "${step.word}"`, () => page.keyboard.type(step.word), () => current.expected)
        else if (step.do === 'enter') await edit('Enter', () => page.keyboard.press('Enter'), () => current.expected)
        else if (step.do === 'down') await act('ArrowDown', () => page.keyboard.press('ArrowDown'), () => current.expected)
        else if (step.do === 'undo') await travel('undo', 'ControlOrMeta+z', done, undone)
        else await travel(`redo (${step.keys})`, step.keys, undone, done)
      }
      // A post needs some content to be saved.
      if (isContentEmpty(reading.html)) await edit('type "end"', () => page.keyboard.type('end'), () => current.expected)

      await page.getByRole('button', { name: 'Create Post' }).click()
      await expectToast(page, { title: 'Success', description: 'Blog post created' })
      await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
      const slug = `property-run-${run}`
      const saved = parsePostFile(await readFile(path.join(adminSite.site.blogDir, `${slug}.html`), 'utf8'), `${slug}.html`).content
      const context = `saved after ${log.join(' → ')}`
      expect(saved, `${context}: the file is the editor's document`).toBe(reading.html)
      const file = await inspect(page, saved)
      expectAtLeast(file.counts, current.expected, context)
      expect(file.footnotes, `${context}: the file's footnotes`).toBeNull()
    }),
    { numRuns: RUNS, seed, path: replayPath, endOnFailure: true },
  )
})
