import type { ContentCheck } from '../../content/content-check.ts'
import type { PostFileError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'

/** What the checks of the posts' content did: posts checked, served cleaned, refused. */
export interface CheckReport {
  checked: number
  served: number
  refused: number
  /** Stopped before every post was checked (the site closed): the next start checks the rest. */
  stopped: boolean
}

/** A file read with its content not yet checked: the version read, and the line its content starts on. */
export interface Unchecked {
  version: string
  line: number
}

export interface ContentChecksDeps {
  /** The file's content as read at `version`, while the site still holds that version; else none (read again since). */
  contentOf(fileName: string, version: string): string | undefined
  /** Checks it, as a read that checks would (PostFiles.checkContent). */
  check(fileName: string, version: string, content: string, line: number): ContentCheck
  /** Nothing of it is left once cleaned: the file is refused, a change the site's listeners hear of. */
  refuse(fileName: string, error: PostFileError): Promise<void>
  /** What the site leaves out when it shows it, for the admins' problems. */
  warn(fileName: string, warning: string): void
  logger: Logger
}

/**
 * How long the checks hold the event loop before letting requests in: a check takes
 * microseconds for content clean as written and milliseconds for content parsed, so they go by
 * time rather than by count (the last one of a turn may run past it).
 */
const SLICE_MS = 5

/**
 * The post files a start read without checking their content (CheckContent `later`), and their
 * checks once the site serves: a few milliseconds at a time between requests, each as a read
 * would have checked it (BlogContent's index holds them meanwhile, served sanitized). A file
 * read again since (a save, an edit) was checked then, and is skipped.
 */
export class ContentChecks {
  readonly #deps: ContentChecksDeps
  readonly #unchecked = new Map<string, Unchecked>()
  #running: Promise<CheckReport> | null = null
  #stopping = false

  constructor(deps: ContentChecksDeps) {
    this.#deps = deps
  }

  /** What a read of `fileName` gave: content to check (`pending`), or none (checked, gone, unreadable). */
  note(fileName: string, pending: Unchecked | null): void {
    if (pending) this.#unchecked.set(fileName, pending)
    else this.#unchecked.delete(fileName)
  }

  /** How many files are still to be checked: after a stop, the next start checks them. */
  get left(): number {
    return this.#unchecked.size
  }

  /** Checks every file noted, once; resolves when none is left, or after `stop`. */
  run(): Promise<CheckReport> {
    this.#running ??= this.#runAll()
    return this.#running
  }

  /** Stops `run` after the file it is checking (the site is closing). */
  async stop(): Promise<void> {
    this.#stopping = true
    await this.#running
  }

  async #runAll(): Promise<CheckReport> {
    const { contentOf, check, refuse, warn, logger } = this.#deps
    const started = performance.now()
    const report: CheckReport = { checked: 0, served: 0, refused: 0, stopped: false }
    const total = this.#unchecked.size
    while (this.#unchecked.size > 0 && !this.#stopping) {
      // Requests first: one that came with the start goes before the first slice.
      await new Promise((resolve) => setImmediate(resolve))
      const slice = performance.now()
      for (const [fileName, { version, line }] of this.#unchecked) {
        if (performance.now() - slice >= SLICE_MS || this.#stopping) break
        this.#unchecked.delete(fileName)
        const content = contentOf(fileName, version)
        if (content === undefined) continue
        const found = check(fileName, version, content, line)
        report.checked++
        if ('error' in found) {
          report.refused++
          await refuse(fileName, found.error)
        } else if (found.warning) {
          report.served++
          warn(fileName, found.warning)
        }
      }
    }
    report.stopped = this.#unchecked.size > 0
    // Stopped, the site is closing: its one line says so.
    if (total > 0 && !report.stopped) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      logger.info(`Checked the content of ${report.checked} post files in ${seconds} s: ${report.served} served cleaned, ${report.refused} refused (nothing left once cleaned), the rest clean`)
    }
    return report
  }
}
