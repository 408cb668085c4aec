import { createHash } from 'node:crypto'
import { lstat } from 'node:fs/promises'
import path from 'node:path'
import type { PostProblem } from '../../core/contract/index.ts'
import { SITE_FILE_NAMES, SITE_FILES, isSiteFileName, type SiteContent, type SiteFileName } from '../../core/site-content/index.ts'
import type { Logger } from '../lib/logger.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { readRegularFile } from '../lib/regular-file.ts'
import { blobId } from '../git/blob-id.ts'
import { SITE_DEFAULTS } from './site-defaults/index.ts'
import { readSiteFile, type SiteFileIssue } from './site-file.ts'
import { watchFolder } from './watch-folder.ts'

/** The folder of the site's copy: `content/site/`, beside `content/blog/`. */
export function siteDirOf(contentDir: string): string {
  return path.join(contentDir, 'site')
}

/** `content/site/<name>.yaml`. */
export function siteFileOf(contentDir: string, name: SiteFileName): string {
  return path.join(siteDirOf(contentDir), `${name}.yaml`)
}

/** The site file's name when `file` (absolute) is one of the site's copy in `dir` (SiteSource.dir); none otherwise. */
export function siteFileNameIn(dir: string, file: string): SiteFileName[] {
  if (path.dirname(file) !== dir || !file.endsWith('.yaml')) return []
  const name = path.basename(file, '.yaml')
  return isSiteFileName(name) ? [name] : []
}

/** An earlier version of a file, newest first (from git: the repository's file history). */
export interface OlderVersion {
  commit: string
  /** The file's blob id then. */
  blob: string
  read(): Promise<Uint8Array>
}

/** The committed versions of a file (absolute path), newest first; none without a repository. */
export type OlderVersions = (file: string) => Promise<OlderVersion[]>

/** Where the values a page shows come from: the file, an earlier version of it, or the built-in copy. */
export type SiteServedFrom = { from: 'file' } | { from: 'history'; commit: string } | { from: 'default' }

export interface SiteFileState {
  name: SiteFileName
  /** The file's blob id on disk now (its version for a save), or null when there is none (or it is a link or another special file). */
  version: string | null
  served: SiteServedFrom
  /** Why the file on disk cannot be served (empty when it is). */
  issues: SiteFileIssue[]
}

/** Which file of the copy each prerendered page shows besides what every page shows. */
const FILE_OF_PAGE = new Map(SITE_FILE_NAMES.flatMap((name) => {
  const pages = SITE_FILES[name].pages
  return pages === 'every' ? [] : pages.map((url) => [url, name] as const)
}))

/** The pages changed files are rendered into: every page, or those listed. */
export function pagesShowing(names: readonly SiteFileName[]): { everyPage: boolean; pages: string[] } {
  const everyPage = names.some((name) => SITE_FILES[name].pages === 'every')
  return { everyPage, pages: names.flatMap((name) => (SITE_FILES[name].pages === 'every' ? [] : [...SITE_FILES[name].pages])) }
}

/**
 * The site's copy as it is in force: each file of `content/site/` read and checked against its
 * schema. The files come from git and are untrusted input: one that does not match its schema
 * (or is no regular file) is logged, listed among the admin's problems with its field and
 * reason, and its page keeps the last version that was valid in the repository's history
 * (`olderVersions`), never a broken page; with none, the built-in copy (site-defaults/).
 */
export class SiteSource {
  readonly dir: string
  readonly #contentDir: string
  readonly #shownAs: (file: string) => string
  readonly #logger: Logger
  readonly #olderVersions: OlderVersions
  readonly #values = { ...SITE_DEFAULTS } as SiteContent
  readonly #states = new Map<SiteFileName, SiteFileState>()
  readonly #stamps = new Map<SiteFileName, string>()
  readonly #listeners: ((names: SiteFileName[]) => Promise<unknown>)[] = []

  constructor(options: { contentDir: string; shownAs?: (file: string) => string; logger: Logger; olderVersions?: OlderVersions }) {
    this.#contentDir = options.contentDir
    this.dir = siteDirOf(options.contentDir)
    this.#shownAs = options.shownAs ?? ((file) => file)
    this.#logger = options.logger
    this.#olderVersions = options.olderVersions ?? (async () => [])
    for (const name of SITE_FILE_NAMES) {
      this.#states.set(name, { name, version: null, served: { from: 'default' }, issues: [] })
      this.#stamps.set(name, stampOf(SITE_DEFAULTS[name]))
    }
  }

  /** Reads every file (at start). */
  async load(): Promise<void> {
    await this.reload(null)
  }

  /** The values in force, every file's. */
  content(): SiteContent {
    return this.#values
  }

  state(name: SiteFileName): SiteFileState {
    return this.#states.get(name)!
  }

  /** A hash of the values in force of `name`: a page rendered from other values is stale. */
  stamp(name: SiteFileName): string {
    return this.#stamps.get(name)!
  }

  /** The stamp of the copy the page at `url` shows: what every page shows, and the page's own file. */
  stampFor(url: string): string {
    const own = FILE_OF_PAGE.get(url)
    return own ? `${this.stamp('shared')}.${this.stamp(own)}` : this.stamp('shared')
  }

  /** The files that cannot be served, for the admin's problems list. */
  problems(): PostProblem[] {
    return SITE_FILE_NAMES.flatMap((name) => {
      const state = this.state(name)
      if (state.issues.length === 0) return []
      return [{ path: this.#shownAs(siteFileOf(this.#contentDir, name)), reason: `${describeIssues(state.issues)}; ${describeServed(state.served)}` }]
    })
  }

  /**
   * Reads the named files again (null: all); answers those whose values in force changed, after
   * every listener has brought its pages up to date.
   */
  async reload(names: Iterable<SiteFileName> | null): Promise<SiteFileName[]> {
    const changed: SiteFileName[] = []
    for (const name of names ?? SITE_FILE_NAMES) if (await this.#read(name)) changed.push(name)
    if (changed.length > 0) await Promise.all(this.#listeners.map((listener) => listener(changed)))
    return changed
  }

  /** A save wrote `value` (checked) as the bytes of blob `version`: in force at once, its pages brought up to date. */
  async saved(name: SiteFileName, value: SiteContent[SiteFileName], version: string): Promise<void> {
    this.#states.set(name, { name, version, served: { from: 'file' }, issues: [] })
    if (!this.#use(name, value)) return
    await Promise.all(this.#listeners.map((listener) => listener([name])))
  }

  /** `listener` hears of the files whose values in force changed (a reload's promise waits for it). */
  onChange(listener: (names: SiteFileName[]) => Promise<unknown>): void {
    this.#listeners.push(listener)
  }

  /** Follows edits to the files (by hand, by a pull): each reaches the pages within a moment. */
  watch(options: { settleMs?: number } = {}): () => void {
    return watchFolder({
      dir: this.dir,
      settleMs: options.settleMs ?? 100,
      onChange: (files) => {
        const names = files === null ? null : [...files].map((file) => file.replace(/\.yaml$/, '')).filter(isSiteFileName)
        if (names?.length === 0) return
        this.reload(names).catch((error: unknown) => this.#logger.error('Reloading the site files failed', error))
      },
      onError: (error) => this.#logger.warn(`Watching ${this.dir} failed: ${error.message}`),
    })
  }

  /** Reads one file; true when the values in force changed. */
  async #read(name: SiteFileName): Promise<boolean> {
    const file = siteFileOf(this.#contentDir, name)
    const bytes = await readSiteFileBytes(this.#contentDir, file)
    if (bytes === null) {
      this.#states.set(name, { name, version: null, served: { from: 'default' }, issues: [] })
      return this.#use(name, SITE_DEFAULTS[name])
    }
    // A link or other special file has no version of its own: it is refused each time it is read.
    const version = bytes === 'refused' ? null : blobId(bytes)
    if (version !== null && this.state(name).version === version) return false
    const read = bytes === 'refused' ? null : readSiteFile(name, bytes.toString('utf8'))
    if (read?.ok) {
      this.#states.set(name, { name, version, served: { from: 'file' }, issues: [] })
      return this.#use(name, read.value)
    }
    const issues = read ? read.issues : [{ path: '', line: null, reason: 'a symbolic link or other special file is not allowed here' }]
    const fallback = await this.#lastValid(name, file, version)
    const state: SiteFileState = { name, version, served: fallback ? { from: 'history', commit: fallback.commit } : { from: 'default' }, issues }
    this.#states.set(name, state)
    this.#logger.warn(`${this.#shownAs(file)} cannot be served: ${describeIssues(issues)}; ${describeServed(state.served)}`)
    return this.#use(name, fallback ? fallback.value : SITE_DEFAULTS[name])
  }

  /** The newest committed version of the file that matches its schema, other than the one on disk. */
  async #lastValid(name: SiteFileName, file: string, current: string | null): Promise<{ commit: string; value: SiteContent[SiteFileName] } | null> {
    let versions: OlderVersion[]
    try {
      versions = await this.#olderVersions(file)
    } catch (error) {
      this.#logger.warn(`The history of ${this.#shownAs(file)} could not be read: ${String(error)}`)
      return null
    }
    for (const version of versions) {
      if (version.blob === current) continue
      const read = readSiteFile(name, Buffer.from(await version.read()).toString('utf8'))
      if (read.ok) return { commit: version.commit, value: read.value }
    }
    return null
  }

  #use(name: SiteFileName, value: SiteContent[SiteFileName]): boolean {
    const stamp = stampOf(value)
    if (this.#stamps.get(name) === stamp) return false
    this.#stamps.set(name, stamp)
    ;(this.#values as Record<SiteFileName, unknown>)[name] = value
    return true
  }
}

function stampOf(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url')
}

function describeIssues(issues: SiteFileIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => `${issue.path || 'the file'}${issue.line === null ? '' : ` (line ${issue.line})`}: ${issue.reason}`)
  return shown.join('; ') + (issues.length > 3 ? `; and ${issues.length - 3} more` : '')
}

function describeServed(served: SiteServedFrom): string {
  if (served.from === 'history') return `the page shows its last valid version (commit ${served.commit.slice(0, 7)})`
  return 'the page shows its built-in copy (no valid version was ever committed)'
}

/**
 * A site file's bytes: null when there is none, `refused` for a link or another special file
 * (never followed: readRegularFile). What the source serves and what an admin's save starts from.
 */
export async function readSiteFileBytes(contentDir: string, file: string): Promise<Buffer | 'refused' | null> {
  try {
    if (!(await lstat(file)).isFile()) return 'refused'
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return null
    throw error
  }
  return (await readRegularFile(contentDir, file)) ?? 'refused'
}
