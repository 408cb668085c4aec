import type { BodyChanges } from './import-changes.ts'

/**
 * What every import source (a WordPress export, a Ghost export, a folder of Markdown files)
 * reads into, before anything is checked, sanitized or written. Readers are pure: they turn the
 * source's bytes into this shape and report what they skipped; the importer decides slugs,
 * sanitizes the HTML, copies media, writes the files and records redirects, the same way for all.
 */

/** How a post stood in its source. A scheduled post is published with a day still to come. */
export type ImportedStatus = 'published' | 'draft' | 'scheduled'

export interface ImportedPost {
  /** Where the post came from, for the report: `wordpress:123`, `ghost:5f2…`, `posts/hello.md`. */
  source: string
  title: string
  /** The slug the source gave (may be empty or invalid: the importer derives or fixes it and says so). */
  slug: string
  /** The body as HTML, as the source has it (Markdown already rendered): not yet sanitized. */
  html: string
  /** The source's excerpt or description, plain text; empty when it has none. */
  summary: string
  status: ImportedStatus
  /** The publish date as an ISO 8601 date or date-time; empty when the source has none. */
  date: string
  /** The featured image's URL as the source has it (absolute, or a path into its uploads); empty when none. */
  featuredImage: string
  featuredImageAlt: string
  /** The source's tags and categories, names as written (the importer trims them to what a post may have); absent: none. */
  tags?: string[]
  /**
   * The site paths this post answered at in its old site (`/2019/05/title/`, `/title/`), each
   * starting with `/`: the importer records each as a redirect to the post's new path.
   */
  oldPaths: string[]
  /**
   * What the reader changed or decided that the source did not say as such (a private post
   * imported as a draft, shortcodes replaced by their text), for the report. Absent: nothing.
   */
  notes?: string[]
  /** What the reader's mapping of the body kept as written and changed (import-changes.ts); absent: nothing to say. */
  changes?: BodyChanges
}

/** Something a reader left out, and why, for the report. */
export interface SkippedItem {
  source: string
  /** The item's title, when it has one: the report names it so. */
  title?: string
  reason: string
}

export interface ImportSourceResult {
  posts: ImportedPost[]
  skipped: SkippedItem[]
  /**
   * The base URL(s) of the old site's uploads (e.g. `https://example.com/wp-content/uploads/`): an
   * image under one of them is looked for in the local uploads folder the user names, and copied
   * into the media library when found. Empty for sources without such a place.
   */
  uploadBases: string[]
}

/** A source's bytes could not be read at all (not XML, not a Ghost export, no such folder): nothing is imported. */
export class InvalidImportSource extends Error {}
