import type { SiteContent, SiteFileName } from '../site-content/index.ts'

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
}

/** One file with the values the pages show (`GET /api/admin/site/pages/:name`, and a save's answer). */
export interface SiteFileWire<N extends SiteFileName = SiteFileName> extends SiteFileSummary {
  name: N
  values: SiteContent[N]
}

/** A save (`PUT /api/admin/site/pages/:name`): every value of the file, and the version it started from. */
export interface SiteFileSave<N extends SiteFileName = SiteFileName> {
  values: SiteContent[N]
  version: string | null
}
