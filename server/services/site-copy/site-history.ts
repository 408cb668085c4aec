import type { SiteFieldChange, SiteFieldProblem, SiteHistoryEntry, SiteVersionWire } from '../../../core/contract/index.ts'
import { changedFields, type FieldPath, fieldLabel, isPrice } from '../../../core/site-content/changed-fields.ts'
import type { SiteContent, SiteFileName } from '../../../core/site-content/index.ts'
import { readSiteFile } from '../../content/site-file.ts'
import { type OlderVersions, siteFileOf, type SiteSource } from '../../content/site-source.ts'
import type { ContentRepository, FileHistoryEntry } from '../../git/content-repository.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { readCommitId } from '../posts/post-history.ts'

/** How far back a site file's history goes: the admin's list, and a broken file's fallback. */
const HISTORY_LIMIT = 200

/** The commits that changed a site file, newest first (HISTORY_LIMIT of them). */
function siteFileHistory(repository: Pick<ContentRepository, 'fileHistory'>, file: string): Promise<FileHistoryEntry[]> {
  return repository.fileHistory({ path: file, identify: () => null, limit: HISTORY_LIMIT })
}

/** The committed versions of a file, newest first, for SiteSource's fallback to the last valid one. */
export function committedVersions(repository: Pick<ContentRepository, 'fileHistory' | 'readBlob'>): OlderVersions {
  return async (file) => (await siteFileHistory(repository, file)).map((entry) => ({ commit: entry.commit, blob: entry.blob, read: () => repository.readBlob(entry.blob) }))
}

export interface SiteHistoryDeps {
  repository: Pick<ContentRepository, 'fileHistory' | 'readBlob'>
  contentDir: string
  /** The values the pages show now: what a past version is compared with. */
  source: Pick<SiteSource, 'content'>
}

/** A past version that today's schema takes: what a restore writes back. */
export interface RestorableSiteVersion<N extends SiteFileName> {
  entry: FileHistoryEntry
  text: string
  values: SiteContent[N]
}

/**
 * A file of the site's copy through its past, read from git as a post's history is
 * (post-history.ts): the commits that changed it, one version's values beside the current ones
 * (which fields differ, old → new), and the version a restore brings back, refused when today's
 * schema does not take it (the fields and why), as a post's unreadable version is.
 */
export class SiteHistory {
  readonly #deps: SiteHistoryDeps

  constructor(deps: SiteHistoryDeps) {
    this.#deps = deps
  }

  async list(name: SiteFileName): Promise<SiteHistoryEntry[]> {
    return (await this.#entries(name)).map(entryWire)
  }

  async version<N extends SiteFileName>(name: N, commit: string): Promise<SiteVersionWire<N>> {
    const entry = await this.#entry(name, commit)
    const read = readSiteFile(name, await this.#text(entry))
    const current = this.#deps.source.content()[name]
    return {
      ...entryWire(entry),
      name,
      version: entry.blob,
      values: read.ok ? read.value : null,
      problems: read.ok ? [] : (read.issues satisfies SiteFieldProblem[]),
      changes: read.ok ? fieldChanges(read.value, current) : [],
    }
  }

  /** The version of `commit`, checked by today's schema: a 409 naming its fields when it is not. */
  async restorable<N extends SiteFileName>(name: N, commit: string): Promise<RestorableSiteVersion<N>> {
    const entry = await this.#entry(name, commit)
    const text = await this.#text(entry)
    const read = readSiteFile(name, text)
    if (!read.ok) {
      const fields = read.issues.slice(0, 3).map((issue) => `${issue.path || 'the file'}: ${issue.reason}`).join('; ')
      throw new ConflictError(`The version of ${commit.slice(0, 7)} does not match what ${name}.yaml must hold today (${fields}): it cannot be restored; choose a later version`)
    }
    return { entry, text, values: read.value }
  }

  #entries(name: SiteFileName): Promise<FileHistoryEntry[]> {
    return siteFileHistory(this.#deps.repository, siteFileOf(this.#deps.contentDir, name))
  }

  async #entry(name: SiteFileName, commit: string): Promise<FileHistoryEntry> {
    const oid = readCommitId(commit)
    const entry = (await this.#entries(name)).find((candidate) => candidate.commit === oid)
    if (!entry) throw new NotFoundError(`Commit ${commit.slice(0, 7)} is not in the history of ${name}.yaml`)
    return entry
  }

  async #text(entry: FileHistoryEntry): Promise<string> {
    return Buffer.from(await this.#deps.repository.readBlob(entry.blob)).toString('utf8')
  }
}

function entryWire(entry: FileHistoryEntry): SiteHistoryEntry {
  return { id: entry.commit, date: entry.date, author: entry.author, message: entry.message.split('\n', 1)[0]! }
}

/** The fields that differ between a past version and the current values, each named and shown old → new. */
export function fieldChanges(before: unknown, after: unknown): SiteFieldChange[] {
  return changedFields(before, after).map((path) => ({
    path: path.join('.'),
    label: fieldLabel(after, path),
    before: shown(valueAt(before, path)),
    after: shown(valueAt(after, path)),
  }))
}

function valueAt(values: unknown, path: FieldPath): unknown {
  let node = values
  for (const step of path) node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined
  return node
}

/** A value in words: text as it is, a price as `4.99 USD`, a list by its length, anything else as JSON. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '(none)'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`
  if (isPrice(value)) return `${String(value.amount)} ${String(value.currency)}`
  return JSON.stringify(value)
}
