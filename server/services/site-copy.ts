import { lstat } from 'node:fs/promises'
import path from 'node:path'
import { fieldErrorsText, type SiteFieldProblem, type SiteFileSave, type SiteFileSummary, type SiteFileWire } from '../../renderer/contract/index.ts'
import { changedFields, fieldLabel } from '../../renderer/site-content/changed-fields.ts'
import { SITE_FILE_NAMES, SITE_FILES, type SiteFileName } from '../../renderer/site-content/index.ts'
import { type OlderVersions, siteFileOf, type SiteSource } from '../content/site-source.ts'
import { checkSiteValue, readSiteFile, serializeSiteFile, updateSiteFile } from '../content/site-file.ts'
import { blobId } from '../git/blob-id.ts'
import type { ContentRepository, GitAuthor } from '../git/content-repository.ts'
import { ConflictError, InvalidInputError } from '../lib/errors.ts'
import { readRegularFile } from '../lib/regular-file.ts'
import type { ContentSync } from './content-sync.ts'

export interface SiteCopyDeps {
  source: SiteSource
  contentDir: string
  /** Each save is one commit, in the repository's one transaction. */
  repository: Pick<ContentRepository, 'transaction' | 'readBlob' | 'root'>
  sync?: Pick<ContentSync, 'request'>
  /** PUBLISH_MODE=review: saves of the site's copy are not reviewed yet, so they are refused. */
  reviewMode?: boolean
}

/**
 * The site's copy for the admin (content/site/): the files, their values and versions, and a
 * save: the values checked by the file's schema (400 naming each field), the version the admin
 * started from compared with the file's (409 naming the fields that changed since), then one
 * commit authored by the admin, "site: pricing — Premium annual price", with only the values that
 * changed written (comments and the rest kept: content/site-file.ts), live once its pages are.
 */
export class SiteCopy {
  readonly #deps: SiteCopyDeps

  constructor(deps: SiteCopyDeps) {
    this.#deps = deps
  }

  list(): SiteFileSummary[] {
    return SITE_FILE_NAMES.map((name) => this.#summary(name))
  }

  get<N extends SiteFileName>(name: N): SiteFileWire<N> {
    return { ...this.#summary(name), name, values: this.#deps.source.content()[name] }
  }

  /** The problems of the files the pages cannot show, for the admin's problems list. */
  problems() {
    return this.#deps.source.problems()
  }

  async save<N extends SiteFileName>(name: N, body: unknown, author: GitAuthor): Promise<SiteFileWire<N>> {
    if (this.#deps.reviewMode) throw new ConflictError('The site’s pages are not edited in review mode yet: change content/site/ through a pull request')
    const { values, version } = readSaveBody(body)
    const checked = checkSiteValue(name, values)
    if (!checked.ok) throw new InvalidInputError(fieldErrorsText(checked.issues), checked.issues[0]?.path)
    const file = siteFileOf(this.#deps.contentDir, name)
    return this.#deps.repository.transaction(async (tx) => {
      const text = await this.#fileText(file)
      const current = text === null ? null : blobId(text)
      if (version !== current) throw new ConflictError(await this.#staleMessage(name, version, text), current ?? undefined)
      const next = text !== null && readSiteFile(name, text).ok ? updateSiteFile(text, checked.value) : serializeSiteFile(name, checked.value)
      if (next === text) return this.get(name)
      const changed = changedFields(this.#deps.source.content()[name], checked.value)
      const label = changed.length === 0 ? 'the file written again' : fieldLabel(checked.value, changed[0]!)
      const commit = await tx.commitFiles({ changes: [{ path: file, content: next }], message: `site: ${name} — ${label}`, author })
      // Live before the answer: its pages are rendered again with the new values.
      await this.#deps.source.saved(name, checked.value, blobId(next))
      if (commit !== null) this.#deps.sync?.request('save')
      return this.get(name)
    })
  }

  #summary(name: SiteFileName): SiteFileSummary {
    const state = this.#deps.source.state(name)
    const file = siteFileOf(this.#deps.contentDir, name)
    return {
      name,
      title: SITE_FILES[name].title,
      path: path.relative(this.#deps.repository.root, file).split(path.sep).join('/'),
      version: state.version === 'refused' ? null : state.version,
      served: state.served.from,
      servedCommit: state.served.from === 'history' ? state.served.commit : null,
      problems: state.issues satisfies SiteFieldProblem[],
    }
  }

  async #fileText(file: string): Promise<string | null> {
    try {
      if (!(await lstat(file)).isFile()) throw new ConflictError(`${path.basename(file)} is not a regular file: fix it in git first`)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    const bytes = await readRegularFile(this.#deps.contentDir, file)
    if (bytes === null) throw new ConflictError(`${path.basename(file)} is not a regular file: fix it in git first`)
    return bytes.toString('utf8')
  }

  /** A stale save's 409: which fields changed since the version the admin started from. */
  async #staleMessage(name: SiteFileName, from: string | null, text: string | null): Promise<string> {
    const now = text === null ? null : readSiteFile(name, text)
    let before: unknown = null
    if (from !== null) {
      const bytes = await this.#deps.repository.readBlob(from).catch(() => null)
      const read = bytes === null ? null : readSiteFile(name, Buffer.from(bytes).toString('utf8'))
      before = read?.ok ? read.value : null
    }
    if (!now?.ok || before === null) return 'This page’s copy changed since you opened it: load it again'
    const labels = changedFields(before, now.value).map((field) => fieldLabel(now.value, field))
    const shown = labels.slice(0, 5).join(', ') + (labels.length > 5 ? ` and ${labels.length - 5} more` : '')
    return `This page’s copy changed since you opened it (${shown || 'its formatting'}): load it again`
  }
}

/** The committed versions of a file, newest first, for SiteSource's fallback to the last valid one. */
export function committedVersions(repository: Pick<ContentRepository, 'fileHistory' | 'readBlob'>): OlderVersions {
  return async (file) => {
    const entries = await repository.fileHistory({ path: file, identify: () => null, limit: 200 })
    return entries.map((entry) => ({ commit: entry.commit, blob: entry.blob, read: () => repository.readBlob(entry.blob) }))
  }
}

function readSaveBody(body: unknown): SiteFileSave {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new InvalidInputError('The body must be { values, version }')
  const { values, version } = body as Record<string, unknown>
  if (version !== null && (typeof version !== 'string' || !/^[0-9a-f]{40}$/.test(version))) throw new InvalidInputError('version must be the version you started from (null for a new file)', 'version')
  return { values: values as SiteFileSave['values'], version }
}
