import { lstat } from 'node:fs/promises'
import path from 'node:path'
import type { PostProblem } from '../../core/contract/index.ts'
import { FEED_ALIASES } from '../../core/feed-links.ts'
import { type Logger } from '../lib/logger.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { readRegularFile } from '../lib/regular-file.ts'
import { followChains, MAX_REDIRECT_HOPS, parseRedirects, type RedirectChains, type RedirectsDocument, redirectsOf } from './redirects-file.ts'

/** The redirects file of a content folder: `content/redirects.yaml`, beside `content/blog/`. */
export function redirectsFileOf(contentDir: string): string {
  return path.join(contentDir, 'redirects.yaml')
}

/**
 * The redirects as the file says now, read again whenever its lstat changes (an admin's save, a
 * pull, an edit by hand: no watcher needed, and a request that asks costs one lstat). The file
 * comes from git: one that cannot be read (YAML, a hostile value, a link) keeps the last valid
 * redirects in force, is logged, and is listed among the admin's problems until it is fixed.
 * A chain longer than MAX_REDIRECT_HOPS is served straight to its end, and listed as a warning.
 */
export class RedirectsSource {
  readonly file: string
  readonly #contentDir: string
  /** The file as the admin's problems name it (`content/redirects.yaml`). */
  readonly #shownAs: string
  readonly #logger: Logger
  #stamp = ''
  #document: RedirectsDocument = []
  #table = new Map<string, string>(FEED_ALIASES)
  #problem: PostProblem | null = null
  #chains: PostProblem | null = null
  #reading: Promise<void> | null = null

  constructor(options: { contentDir: string; shownAs: string; logger: Logger }) {
    this.#contentDir = options.contentDir
    this.file = redirectsFileOf(options.contentDir)
    this.#shownAs = options.shownAs
    this.#logger = options.logger
  }

  /** The last valid document (empty when there never was one). */
  async document(): Promise<RedirectsDocument> {
    await this.#fresh()
    return this.#document
  }

  /** Where a request for `pathKey` goes (chains followed), or undefined. */
  async targetOf(pathKey: string): Promise<string | undefined> {
    await this.#fresh()
    return this.#table.get(pathKey)
  }

  /** Every source (by path key) and its final target, for the static export. */
  async table(): Promise<ReadonlyMap<string, string>> {
    await this.#fresh()
    return this.#table
  }

  /** The file's problem while it cannot be read: changes wait until it is fixed in git. */
  problem(): PostProblem | null {
    return this.#problem
  }

  /**
   * For the admin's list, the file read again if it changed (a pull that no visitor's request has
   * read yet): its problem, and a warning while it holds chains too long to leave as they are.
   */
  async problems(): Promise<PostProblem[]> {
    await this.#fresh()
    return [this.#problem, this.#chains].filter((problem) => problem !== null)
  }

  /** A save wrote `document` (already checked): in force at once, without reading the file back. */
  saved(document: RedirectsDocument): void {
    this.#use(document)
    this.#problem = null
    this.#stamp = ''
  }

  #fresh(): Promise<void> {
    this.#reading ??= this.#read().finally(() => {
      this.#reading = null
    })
    return this.#reading
  }

  async #read(): Promise<void> {
    let stamp: string
    try {
      const stats = await lstat(this.file, { bigint: true })
      stamp = `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}:${stats.isFile()}`
    } catch (error) {
      if (nodeErrorCode(error) !== 'ENOENT') throw error
      stamp = 'none'
    }
    if (stamp === this.#stamp) return
    this.#stamp = stamp
    if (stamp === 'none') {
      this.#use([])
      this.#problem = null
      return
    }
    try {
      const bytes = await readRegularFile(this.#contentDir, this.file)
      if (bytes === null) throw new Error('a symbolic link or other special file is not allowed here')
      this.#use(parseRedirects(bytes.toString('utf8')))
      this.#problem = null
    } catch (error) {
      const reason = `${(error as Error).message}; the redirects read before stay in force`
      if (this.#problem?.reason !== reason) this.#logger.warn(`${this.#shownAs} cannot be read: ${reason}`)
      this.#problem = { path: this.#shownAs, reason }
    }
  }

  #use(document: RedirectsDocument): void {
    const chains = followChains(redirectsOf(document))
    this.#document = document
    // The usual feed paths (/feed, /rss.xml…) go to the blog's feeds unless the file says otherwise.
    this.#table = new Map([...FEED_ALIASES, ...chains.table])
    const reason = chainsReason(chains)
    if (reason !== null && reason !== this.#chains?.reason) this.#logger.warn(`${this.#shownAs}: ${reason}`)
    this.#chains = reason === null ? null : { path: this.#shownAs, reason, severity: 'warning' }
  }
}

/** Why the chains of the file want fixing, or null. */
function chainsReason({ longest, tooLong }: RedirectChains): string | null {
  if (longest === null || tooLong === 0) return null
  const sources = tooLong === 1 ? '1 source is' : `${tooLong} sources are`
  return `${sources} more than ${MAX_REDIRECT_HOPS} redirects away from ${tooLong === 1 ? 'its' : 'their'} final path (the longest: ${longest.from}, ${longest.hops} redirects to ${longest.to}); visitors are sent straight there, and the file should say so: point each source at its final path`
}
