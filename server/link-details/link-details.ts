import { BoundedCache } from '../lib/bounded-cache.ts'
import { InFlight } from '../lib/in-flight.ts'
import type { Logger } from '../lib/logger.ts'
import { fetchPage } from './fetch-page.ts'
import { type PageDetails, readPageDetails } from './page-details.ts'

export type { PageDetails } from './page-details.ts'

export interface LinkDetailsOptions {
  /** LINK_DETAILS_ALLOW_HOSTS: `host:port` entries reached although private (fetch-page.ts). */
  allowHosts?: readonly string[]
  /**
   * The signal that ends one page's fetch, its DNS and redirects included, made as the fetch
   * starts: FETCH_TIMEOUT_MS from then, unless a test ends a page that hangs itself.
   */
  deadline?: () => AbortSignal
  /** Reads the time a cached answer was made at. */
  clock?: () => Date
  logger?: Logger
}

/** A page that does not answer in 4 seconds is given up: a save waits for it. */
export const FETCH_TIMEOUT_MS = 4000
/** What a page said is kept a day: a title and a description seldom change sooner. */
const KEPT_MS = 24 * 60 * 60 * 1000
/** A page that could not be read is not asked again for 10 minutes: every save of its post would wait for it. */
const FAILURE_KEPT_MS = 10 * 60 * 1000
const CACHED_PAGES = 500

interface Answer {
  details: PageDetails | undefined
  at: number
}

/**
 * The details of the pages posts link to (title, description, image), for bookmark cards:
 * fetched through the guard of fetch-page.ts, read by page-details.ts, and kept in memory per
 * address, so that saving a post again, or its preview then its save, fetches nothing again; two
 * asking at once share one fetch. `details` never rejects: a page that cannot be read (refused,
 * down, too slow, not HTML) is undefined, and said in the log.
 */
export class LinkDetails {
  readonly #options: LinkDetailsOptions
  readonly #allowHosts: ReadonlySet<string>
  readonly #clock: () => Date
  readonly #answers = new BoundedCache<string, Answer>({ maxEntries: CACHED_PAGES })
  readonly #running = new InFlight<string, PageDetails | undefined>()

  constructor(options: LinkDetailsOptions = {}) {
    this.#options = options
    this.#allowHosts = new Set(options.allowHosts ?? [])
    this.#clock = options.clock ?? (() => new Date())
  }

  async details(address: string): Promise<PageDetails | undefined> {
    let key: string
    try {
      const url = new URL(address)
      // The fragment is the reader's place in the page, never sent: one page, one answer.
      url.hash = ''
      key = url.href
    } catch {
      return undefined
    }
    const now = this.#clock().getTime()
    const answer = this.#answers.get(key)
    if (answer && now - answer.at < (answer.details ? KEPT_MS : FAILURE_KEPT_MS)) return answer.details
    return this.#running.share(key, () => this.#fetch(key)).catch(() => undefined)
  }

  async #fetch(url: string): Promise<PageDetails | undefined> {
    const signal = this.#options.deadline?.() ?? AbortSignal.timeout(FETCH_TIMEOUT_MS)
    const outcome = await fetchPage(url, { allowHosts: this.#allowHosts, signal })
    const details = outcome.ok ? readPageDetails(outcome.html, outcome.url) : undefined
    if (!outcome.ok) this.#options.logger?.info(`Link details of ${url} not fetched: ${outcome.reason}`)
    this.#answers.set(url, { details, at: this.#clock().getTime() })
    return details
  }
}
