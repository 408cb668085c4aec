import yaml from 'js-yaml'
import { pathKey, sitePathProblem } from '../../core/redirect-paths.ts'

// What a redirect's path may be is core's (the admin API's schema says it too); the file's readers find it here.

/**
 * `content/redirects.yaml`: the site's permanent redirects, a YAML list written one way only:
 *
 *     # comments and blank lines anywhere, kept
 *     - from: /blog/old-slug
 *       to: /blog/new-slug
 *
 * Pure (no I/O). The file is read line by line into a document (its lines, each entry holding
 * its own two), so a save writes back every byte it did not change: comments and blank lines
 * survive, and a file read and written again is the same bytes. Each value is read as YAML reads
 * a scalar (js-yaml, quoted or not), so the file stays plain YAML for any other tool.
 * The file comes from git, like the posts: untrusted input, checked whole before it is used.
 */

/** One redirect: site paths, `from` as written (a trailing slash allowed), `to` where it goes. */
export interface Redirect {
  from: string
  to: string
}

/** The file as lines: text kept as it is (comments, blanks) and the entries. */
export type RedirectsDocument = readonly DocumentLine[]
type DocumentLine = { kind: 'text'; text: string } | { kind: 'entry'; redirect: Redirect; lines: [string, string] }

/** What the file may not say, with its line (1-based). */
export class RedirectsFileError extends Error {
  constructor(readonly line: number, reason: string) {
    super(`line ${line}: ${reason}`)
    this.name = 'RedirectsFileError'
  }
}

/** At most this many redirects: the server keeps them all in memory and nginx has one location each. */
export const MAX_REDIRECTS = 10_000

const FROM_LINE = /^- from:(.*)$/
const TO_LINE = /^ {2}to:(.*)$/
const TEXT_LINE = /^\s*(#.*)?$/

export function parseRedirects(text: string): RedirectsDocument {
  if (text.includes('\r')) throw new RedirectsFileError(lineOf(text, text.indexOf('\r')), 'carriage return: the file must use LF line ends')
  const lines = text.split('\n')
  // The last element is what follows the last newline: empty for a file that ends with one.
  const ending = lines.pop()!
  if (ending !== '') throw new RedirectsFileError(lines.length + 1, 'the file must end with a newline')
  const document: DocumentLine[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (TEXT_LINE.test(line)) {
      document.push({ kind: 'text', text: line })
      continue
    }
    const from = FROM_LINE.exec(line)
    if (!from) throw new RedirectsFileError(i + 1, 'expected "- from: /path", a comment or a blank line')
    const next = lines[i + 1]
    const to = next === undefined ? null : TO_LINE.exec(next)
    if (!to) throw new RedirectsFileError(i + 2, 'expected "  to: /path" under "- from:"')
    const redirect = { from: scalar(from[1]!, i + 1, 'from'), to: scalar(to[1]!, i + 2, 'to') }
    const reason = redirectProblem(redirect)
    if (reason) throw new RedirectsFileError(i + 1, reason)
    document.push({ kind: 'entry', redirect, lines: [line, next!] })
    i++
  }
  checkTable(document)
  return document
}

export function serializeRedirects(document: RedirectsDocument): string {
  return document.map((line) => (line.kind === 'text' ? `${line.text}\n` : `${line.lines[0]}\n${line.lines[1]}\n`)).join('')
}

export function redirectsOf(document: RedirectsDocument): Redirect[] {
  return document.flatMap((line) => (line.kind === 'entry' ? [line.redirect] : []))
}

/** A document with `redirect` added at the end (checked: a caller's rules come first). */
export function withRedirect(document: RedirectsDocument, redirect: Redirect): RedirectsDocument {
  const reason = redirectProblem(redirect)
  if (reason) throw new RedirectsFileError(0, reason)
  const entry: DocumentLine = { kind: 'entry', redirect, lines: [`- from: ${redirect.from}`, `  to: ${redirect.to}`] }
  const next = [...document, entry]
  checkTable(next)
  return next
}

/** A document without the entry whose `from` is `from` (as matched: a trailing slash aside). */
export function withoutRedirect(document: RedirectsDocument, from: string): RedirectsDocument {
  const key = pathKey(from)
  return document.filter((line) => line.kind !== 'entry' || pathKey(line.redirect.from) !== key)
}

/** The entry whose `to` changes: each redirect to `oldTo` now goes to `newTo`, its lines rewritten. */
export function withTargetMoved(document: RedirectsDocument, oldTo: string, newTo: string): RedirectsDocument {
  const key = pathKey(oldTo)
  return document.map((line) =>
    line.kind === 'entry' && pathKey(line.redirect.to) === key
      ? { kind: 'entry', redirect: { from: line.redirect.from, to: newTo }, lines: [line.lines[0], `  to: ${newTo}`] }
      : line,
  )
}

/** Why this is no redirect the site keeps, or null. */
export function redirectProblem(redirect: Redirect): string | null {
  for (const [field, value] of Object.entries(redirect) as [keyof Redirect, string][]) {
    const reason = sitePathProblem(value)
    if (reason) return `${field} ${reason}`
  }
  if (pathKey(redirect.from) === pathKey(redirect.to)) return 'from and to are the same path'
  return null
}

/**
 * How many redirects a source may be from its final path before the admins are told. nginx and
 * Netlify would follow a chain one 301 at a time (browsers give up after about 20), so the site
 * and the export send every source straight to its final path, whatever the chain; a source
 * further than this is listed among the admins' problems, so that someone points it at the end.
 */
export const MAX_REDIRECT_HOPS = 10

/** The redirects followed to their ends (followChains). */
export interface RedirectChains {
  /** Each source's final path (A→B, B→C: A answers C at once), by the source's path key. */
  table: Map<string, string>
  /** The source furthest from its final path, and how many redirects lead there; null without redirects. */
  longest: { from: string; to: string; hops: number } | null
  /** How many sources are more than MAX_REDIRECT_HOPS redirects from their final path. */
  tooLong: number
  /** The first loop met: the index of a redirect in it, and its paths (the first again at the end); null when there is none. */
  loop: { at: number; paths: string[] } | null
  /** Redirects whose link was followed: each once, however the chains run, so the work is linear in the table's size. */
  steps: number
}

/**
 * Every chain followed to its end, each redirect's link once: a walk stops at a source already
 * resolved and takes its end, so a chain of n redirects costs n steps, not n²/2 (a 10,000-hop
 * chain from git once held every server for 45 s). A source given twice counts once, the first.
 */
export function followChains(redirects: readonly Redirect[]): RedirectChains {
  const indexOf = new Map<string, number>()
  redirects.forEach((redirect, index) => {
    const key = pathKey(redirect.from)
    if (!indexOf.has(key)) indexOf.set(key, index)
  })
  // Per redirect: 0 not reached yet, -1 on the walk under way, else how many redirects to its end.
  const hops = new Int32Array(redirects.length)
  const ends: string[] = new Array(redirects.length)
  const chains: RedirectChains = { table: new Map(), longest: null, tooLong: 0, loop: null, steps: 0 }
  for (const [, start] of indexOf) {
    if (hops[start] !== 0) continue
    const walk: number[] = []
    let end: { to: string; hops: number } | null = null
    for (let at = start; end === null; ) {
      hops[at] = -1
      walk.push(at)
      chains.steps++
      const to = redirects[at]!.to
      const next = indexOf.get(pathKey(to))
      if (next === undefined) end = { to, hops: 0 }
      else if (hops[next]! > 0) end = { to: ends[next]!, hops: hops[next]! }
      else if (hops[next] === 0) at = next
      else {
        const cycle = walk.slice(walk.indexOf(next))
        chains.loop = { at: next, paths: [...cycle, next].map((index) => pathKey(redirects[index]!.from)) }
        return chains
      }
    }
    for (let i = walk.length - 1, count = end.hops + 1; i >= 0; i--, count++) {
      hops[walk[i]!] = count
      ends[walk[i]!] = end.to
    }
  }
  for (const [key, index] of indexOf) {
    const count = hops[index]!
    chains.table.set(key, ends[index]!)
    if (count > MAX_REDIRECT_HOPS) chains.tooLong++
    if (count > (chains.longest?.hops ?? 0)) chains.longest = { from: key, to: ends[index]!, hops: count }
  }
  return chains
}

/** A loop's paths for a message, a long one shortened: a hostile file makes no megabyte message. */
function loopText(paths: readonly string[]): string {
  if (paths.length <= 8) return paths.join(' → ')
  return `${[...paths.slice(0, 4), '…', ...paths.slice(-2)].join(' → ')}, ${paths.length - 1} redirects`
}

/** No source twice, no loop, not too many: the whole table's rules. */
function checkTable(document: RedirectsDocument): void {
  const sources = new Map<string, number>()
  const redirects: Redirect[] = []
  const lines: number[] = []
  let line = 0
  for (const entry of document) {
    line += entry.kind === 'text' ? 1 : 2
    if (entry.kind !== 'entry') continue
    const key = pathKey(entry.redirect.from)
    if (sources.has(key)) throw new RedirectsFileError(line - 1, `${entry.redirect.from} is redirected twice (also line ${sources.get(key)!})`)
    sources.set(key, line - 1)
    redirects.push(entry.redirect)
    lines.push(line - 1)
  }
  if (redirects.length > MAX_REDIRECTS) throw new RedirectsFileError(line, `more than ${MAX_REDIRECTS} redirects`)
  const { loop } = followChains(redirects)
  if (loop) throw new RedirectsFileError(lines[loop.at]!, `${loop.paths[0]} is part of a redirect loop (${loopText(loop.paths)})`)
}

/** A value as YAML reads it: a string, quoted or plain, nothing else. */
function scalar(raw: string, line: number, field: string): string {
  let value: unknown
  try {
    value = yaml.load(raw, { schema: yaml.FAILSAFE_SCHEMA })
  } catch {
    throw new RedirectsFileError(line, `${field} is not a YAML value`)
  }
  if (typeof value !== 'string' || value === '') throw new RedirectsFileError(line, `${field} must be a path`)
  return value
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length
}
