import { dayIn } from '../../../core/site-day.ts'
import type { Logger } from '../../lib/logger.ts'
import type { BlogContent } from '../content/blog-content.ts'

/** The wall clock; tests pass their own. */
export type Clock = () => Date

export interface PublishScheduleDeps {
  content: Pick<BlogContent, 'setToday'>
  /** SITE_TIMEZONE: the zone whose midnight starts a post's day. */
  zone: string
  clock: Clock
  logger: Logger
  /** How often the day is read from the clock (default 1 s). */
  checkMs?: number
}

/**
 * Makes scheduled posts go live when their day begins in the site's time zone: no restart, no
 * commit, no rebuild. The day is read from the wall clock every second rather than waiting on a
 * timer set for midnight: timers run on the monotonic clock, so a server that slept, or whose
 * clock was set forward, would wait past the moment; reading the day is a formatted date, so
 * checking often costs nothing. A server started after the moment is right from the start (the
 * index is loaded with the day of the start).
 */
export class PublishSchedule {
  readonly #deps: PublishScheduleDeps
  #timer: NodeJS.Timeout | null = null
  #checking: Promise<void> | null = null

  constructor(deps: PublishScheduleDeps) {
    this.#deps = deps
  }

  /** The site's day now. */
  today(): string {
    return dayIn(this.#deps.zone, this.#deps.clock())
  }

  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.check(), this.#deps.checkMs ?? 1000)
    this.#timer.unref()
  }

  /** Reads the day and, when it changed, applies it (one check at a time). */
  check(): Promise<void> {
    this.#checking ??= this.#deps.content
      .setToday(this.today())
      .then(
        () => {},
        (error: unknown) => this.#deps.logger.error('Publishing scheduled posts failed', error),
      )
      .finally(() => {
        this.#checking = null
      })
    return this.#checking
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}
