import type { SiteContent, SiteFileName } from '../site-content/index.ts'
import type { CommitAuthor, ReviewState } from './post-wire.ts'

/** Where a file breaks its schema: the field (`plans.1.annualPrice.amount`), its line, and why. */
export interface SiteFieldProblem {
  path: string
  line: number | null
  reason: string
}

/**
 * A file of the site's copy (`GET /api/admin/site/pages`): which page it is, its version (the git
 * blob id of the file on disk, null when there is none: a save sends it back), and what the
 * pages show: the file (`file`), its last valid version from history (`history`, with
 * `servedCommit`) while the file breaks its schema, or the built-in copy (`default`).
 */
export interface SiteFileSummary {
  name: SiteFileName
  title: string
  /** Relative to the repository: `content/site/pricing.yaml`. */
  path: string
  version: string | null
  served: 'file' | 'history' | 'default'
  servedCommit: string | null
  /** Why the file on disk is not what the pages show (empty when it is). */
  problems: SiteFieldProblem[]
  /** PUBLISH_MODE=review: the file has edits awaiting review on this branch; `version` (and a file's `values`) are the branch's. */
  review?: ReviewState
}

/** One file with the values the pages show (`GET /api/admin/site/pages/:name`, and a save's answer). */
export interface SiteFileWire<N extends SiteFileName = SiteFileName> extends SiteFileSummary {
  name: N
  values: SiteContent[N]
}

/** One commit that changed a file (`GET /api/admin/site/pages/:name/history`), newest first. */
export interface SiteHistoryEntry {
  /** The commit id. */
  id: string
  /** Author date, ISO 8601. */
  date: string
  author: CommitAuthor
  /** The commit message's first line (`site: pricing — Premium annual price`). */
  message: string
}

/** A field that differs between a past version and the current one, in words: `old → new`. */
export interface SiteFieldChange {
  /** Its path in the values (`plans.1.annualPrice`). */
  path: string
  /** What a person calls it ("Premium annual price"). */
  label: string
  before: string
  after: string
}

/**
 * A past version of a file (`GET /api/admin/site/pages/:name/history/:commit`): its values when
 * today's schema takes them (else null, with `problems`: it cannot be restored), and the fields
 * that differ from the current values.
 */
export interface SiteVersionWire<N extends SiteFileName = SiteFileName> extends SiteHistoryEntry {
  name: N
  /** The file's blob id in that commit. */
  version: string
  values: SiteContent[N] | null
  problems: SiteFieldProblem[]
  changes: SiteFieldChange[]
}

/**
 * A refused save's 400 body: one `<path>: <reason>` a line (`values` for the file as a whole).
 * The server writes it with this and the admin reads it back with readFieldErrors.
 */
export function fieldErrorsText(problems: readonly Pick<SiteFieldProblem, 'path' | 'reason'>[]): string {
  return problems.map((problem) => `${problem.path || 'values'}: ${problem.reason}`).join('\n')
}

/** The fields of a 400 body (fieldErrorsText), or of an HttpError's message (`400: …`). */
export function readFieldErrors(text: string): { path: string; reason: string }[] {
  return text
    .replace(/^400: /, '')
    .split('\n')
    .flatMap((line) => {
      const at = line.indexOf(': ')
      return at === -1 ? [] : [{ path: line.slice(0, at), reason: line.slice(at + 2) }]
    })
}
