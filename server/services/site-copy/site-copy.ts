import path from 'node:path'
import { fieldErrorsText, type SiteFieldProblem, type SiteFileSummary, type SiteFileWire } from '../../../core/contract/index.ts'
import { siteRestoreSchema, siteSaveBodySchema } from '../../../core/contract/site-requests.ts'
import { changedFields, fieldLabel } from '../../../core/site-content/changed-fields.ts'
import { SITE_FILE_NAMES, SITE_FILES, type SiteContent, type SiteFileName } from '../../../core/site-content/index.ts'
import { readSiteFileBytes, siteFileOf, type SiteSource } from '../../content/site-source.ts'
import { checkSiteValue, readSiteFile, serializeSiteFile, updateSiteFile } from '../../content/site-file.ts'
import { blobId } from '../../git/blob-id.ts'
import type { ContentRepository, GitAuthor } from '../../git/content-repository.ts'
import { ConflictError, InvalidInputError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/parse-input.ts'
import type { SiteHistory } from './site-history.ts'
import { type SiteReviews, siteReviewState } from './site-reviews.ts'

export interface SiteCopyDeps {
  source: SiteSource
  contentDir: string
  /** Each save is one commit, in the repository's one transaction. */
  repository: Pick<ContentRepository, 'transaction' | 'readBlob' | 'root'>
  /** The file's past versions: what a restore brings back. */
  history: Pick<SiteHistory, 'restorable'>
  /** PUBLISH_MODE=review: each page's saves go to its own review branch, not live (site-reviews.ts). */
  review?: SiteReviews
}

/** What a save or a restore writes: the file's new text and values, and its commit message. */
interface SiteWrite<N extends SiteFileName> {
  text: string
  values: SiteContent[N]
  message: string
}

/**
 * The site's copy for the admin (content/site/): the files, their values and versions, and a
 * save: the values checked by the file's schema (400 naming each field), the version the admin
 * started from compared with the file's (409 naming the fields that changed since), then one
 * commit authored by the admin, "site: pricing — Premium annual price", with only the values that
 * changed written (comments and the rest kept: content/site-file.ts), live once its pages are.
 * A restore is the same commit with a past version's file ("site: pricing — restored from
 * 1a2b3c4"). In review mode both are commits on the page's review branch instead.
 */
export class SiteCopy {
  readonly #deps: SiteCopyDeps

  constructor(deps: SiteCopyDeps) {
    this.#deps = deps
  }

  list(): SiteFileSummary[] {
    return SITE_FILE_NAMES.map((name) => this.#summary(name))
  }

  /** As `list`, and in review mode each file with an edit awaiting review says so (`review`), as the posts' list does. */
  async listCurrent(): Promise<SiteFileSummary[]> {
    const review = this.#deps.review
    if (!review) return this.list()
    const pending = await review.all()
    return SITE_FILE_NAMES.map((name) => {
      const edit = pending.get(name)
      return edit ? { ...this.#summary(name), version: edit.version, review: siteReviewState(edit) } : this.#summary(name)
    })
  }

  get<N extends SiteFileName>(name: N): SiteFileWire<N> {
    return { ...this.#summary(name), name, values: this.#deps.source.content()[name] }
  }

  /** As `get`, and in review mode the file's edit awaiting review in its place (values, version, `review`). */
  async current<N extends SiteFileName>(name: N): Promise<SiteFileWire<N>> {
    const live = this.get(name)
    const review = await this.#deps.review?.get(name)
    if (!review) return live
    const read = review.text === null ? null : readSiteFile(name, review.text)
    return { ...live, version: review.version, values: read?.ok ? read.value : live.values, review: siteReviewState(review) }
  }

  /** The problems of the files the pages cannot show, for the admin's problems list. */
  problems() {
    return this.#deps.source.problems()
  }

  async save<N extends SiteFileName>(name: N, body: unknown, author: GitAuthor): Promise<SiteFileWire<N>> {
    const { values, version } = parseInput(siteSaveBodySchema, body)
    const checked = checkSiteValue(name, values)
    if (!checked.ok) throw new InvalidInputError(fieldErrorsText(checked.issues), checked.issues[0]?.path)
    return this.#write(name, version, author, (text) => {
      const read = text === null ? null : readSiteFile(name, text)
      const next = read?.ok ? updateSiteFile(text!, checked.value) : serializeSiteFile(name, checked.value)
      const changed = changedFields(read?.ok ? read.value : this.#deps.source.content()[name], checked.value)
      const label = changed.length === 0 ? 'the file written again' : fieldLabel(checked.value, changed[0]!)
      return { text: next, values: checked.value, message: `site: ${name} — ${label}` }
    })
  }

  /** `{ commit, version }`: the file as `commit` left it, if today's schema takes it (site-history.ts). */
  async restore<N extends SiteFileName>(name: N, body: unknown, author: GitAuthor): Promise<SiteFileWire<N>> {
    const { commit, version } = parseInput(siteRestoreSchema, body)
    const past = await this.#deps.history.restorable(name, commit)
    return this.#write(name, version, author, () => ({ text: past.text, values: past.values, message: `site: ${name} — restored from ${commit.slice(0, 7)}` }))
  }

  /**
   * One commit of the file `make` writes over the text the admin started from (`version`, else a
   * 409 naming what changed since): on the live branch, live before the answer; in review mode
   * on the page's review branch, the live site untouched. None when the text is the same.
   */
  #write<N extends SiteFileName>(name: N, version: string | null, author: GitAuthor, make: (text: string | null) => SiteWrite<N>): Promise<SiteFileWire<N>> {
    const file = siteFileOf(this.#deps.contentDir, name)
    const review = this.#deps.review
    return this.#deps.repository.transaction(async (tx) => {
      const pending = await review?.get(name)
      const text = pending ? pending.text : await this.#fileText(file)
      const current = text === null ? null : blobId(text)
      if (version !== current) throw new ConflictError(await this.#staleMessage(name, version, text), current ?? undefined)
      const next = make(text)
      if (next.text === text) return this.current(name)
      if (review) await review.commit({ name, text: next.text, message: next.message, author, tx })
      else {
        await tx.commitFiles({ changes: [{ path: file, content: next.text }], message: next.message, author })
        // Live before the answer: its pages are rendered again with the new values.
        await this.#deps.source.saved(name, next.values, blobId(next.text))
      }
      return this.current(name)
    })
  }

  #summary(name: SiteFileName): SiteFileSummary {
    const state = this.#deps.source.state(name)
    const file = siteFileOf(this.#deps.contentDir, name)
    return {
      name,
      title: SITE_FILES[name].title,
      path: path.relative(this.#deps.repository.root, file).split(path.sep).join('/'),
      version: state.version,
      served: state.served.from,
      servedCommit: state.served.from === 'history' ? state.served.commit : null,
      problems: state.issues satisfies SiteFieldProblem[],
    }
  }

  async #fileText(file: string): Promise<string | null> {
    const bytes = await readSiteFileBytes(this.#deps.contentDir, file)
    if (bytes === 'refused') throw new ConflictError(`${path.basename(file)} is not a regular file: fix it in git first`)
    return bytes === null ? null : bytes.toString('utf8')
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
