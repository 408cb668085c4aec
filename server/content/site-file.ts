/**
 * A file of the site's copy (`content/site/<name>.yaml`), pure: read and checked against its
 * schema, written in its canonical form, and changed in place. The `yaml` package's document
 * model keeps what a person wrote (comments, blank lines, quoting) through an admin's save: only
 * the values that changed are touched, so a file read and written again is the same bytes.
 */
import { isDeepStrictEqual } from 'node:util'
import { Document, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, YAMLMap, YAMLSeq } from 'yaml'
import { SITE_FILES, type SiteContent, type SiteFileName } from '../../core/site-content/index.ts'

/** One long line a value: a pull request's diff shows the sentence that changed, whole. */
const TO_STRING = { lineWidth: 0 } as const
/** The largest file read: the copy of a page is a few KiB. */
const MAX_FILE_BYTES = 512 * 1024

/** Where a file breaks its schema: the field (`plans.1.annualPrice.amount`), its line, and why. */
export interface SiteFileIssue {
  path: string
  line: number | null
  reason: string
}

export type SiteFileRead<N extends SiteFileName> = { ok: true; value: SiteContent[N] } | { ok: false; issues: SiteFileIssue[] }

/** Reads `text` as the file `name`: its values when they match its schema, else every issue found. */
export function readSiteFile<N extends SiteFileName>(name: N, text: string): SiteFileRead<N> {
  if (text.length > MAX_FILE_BYTES) return { ok: false, issues: [{ path: '', line: null, reason: `the file is larger than ${MAX_FILE_BYTES / 1024} KiB` }] }
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!
    return { ok: false, issues: [{ path: '', line: lineCounter.linePos(error.pos[0]).line, reason: `not YAML: ${error.message.split('\n')[0]}` }] }
  }
  let data: unknown
  try {
    // No aliases: a file of copy needs none, and they are how YAML multiplies itself.
    data = doc.toJS({ maxAliasCount: 0 })
  } catch (error) {
    return { ok: false, issues: [{ path: '', line: null, reason: (error as Error).message }] }
  }
  return checkSiteValue(name, data, (path) => lineOf(doc, lineCounter, path))
}

/** Checks values (a file's, or an admin's form) against the file's schema. */
export function checkSiteValue<N extends SiteFileName>(name: N, data: unknown, lineOfPath: (path: PropertyKey[]) => number | null = () => null): SiteFileRead<N> {
  const parsed = SITE_FILES[name].schema.safeParse(data)
  if (parsed.success) return { ok: true, value: parsed.data as SiteContent[N] }
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    line: lineOfPath(issue.path),
    reason: issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}` : issue.message,
  }))
  return { ok: false, issues }
}

/** The file's canonical text: keys in the schema's order, one line a value. */
export function serializeSiteFile(name: SiteFileName, value: unknown): string {
  const checked = SITE_FILES[name].schema.parse(value)
  const doc = new Document(checked)
  doc.commentBefore = ` ${SITE_FILES[name].title}: the page's copy. Checked against its schema (core/site-content/${name}.ts).`
  return doc.toString(TO_STRING)
}

/**
 * `text` with `value` in it: each value that differs written where it was, the rest (comments
 * included) byte for byte. A list whose length changed keeps the nodes of items it still holds.
 * `value` must be checked already (it is written as it is), and `text` a file readSiteFile read.
 */
export function updateSiteFile(text: string, value: unknown): string {
  const doc = parseDocument(text, { uniqueKeys: true })
  // Only a file readSiteFile read gets here (a broken one is written anew: serializeSiteFile).
  if (doc.errors.length > 0 || !isMap(doc.contents)) throw new Error('updateSiteFile needs a file that reads as a map of values')
  doc.contents = mergeNode(doc, doc.contents, value) as typeof doc.contents
  return doc.toString(TO_STRING)
}

function mergeNode(doc: Document, node: unknown, value: unknown): unknown {
  if (isMap(node) && isPlainObject(value)) return mergeMap(doc, node, value)
  if (isSeq(node) && Array.isArray(value)) return mergeSeq(doc, node, value)
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value
    return node
  }
  return doc.createNode(value)
}

function mergeMap(doc: Document, node: YAMLMap, value: Record<string, unknown>): YAMLMap {
  const byKey = new Map<string, Pair>()
  for (const pair of node.items) byKey.set(String(isScalar(pair.key) ? pair.key.value : pair.key), pair as Pair)
  const items: Pair[] = []
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue
    const pair = byKey.get(key)
    if (pair) {
      pair.value = mergeNode(doc, pair.value, child) as Node
      items.push(pair)
    } else items.push(doc.createPair(key, child))
  }
  node.items = items
  return node
}

function mergeSeq(doc: Document, node: YAMLSeq, value: unknown[]): YAMLSeq {
  if (node.items.length === value.length) {
    node.items = node.items.map((item, index) => mergeNode(doc, item, value[index]))
    return node
  }
  // Added, removed or moved items: each item still there keeps its node (and its comments).
  const old = node.items.map((item) => ({ item, json: toJson(item) }))
  node.items = value.map((child) => {
    const index = old.findIndex((entry) => isDeepStrictEqual(entry.json, child))
    if (index === -1) return doc.createNode(child)
    return old.splice(index, 1)[0]!.item
  })
  return node
}

function toJson(node: unknown): unknown {
  return node !== null && typeof node === 'object' && 'toJSON' in node ? (node as { toJSON(): unknown }).toJSON() : node
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function lineOf(doc: Document, lineCounter: LineCounter, path: PropertyKey[]): number | null {
  for (let length = path.length; length >= 0; length--) {
    const node = doc.getIn(path.slice(0, length), true) as Node | undefined
    const start = node?.range?.[0]
    if (start !== undefined) return lineCounter.linePos(start).line
  }
  return null
}
