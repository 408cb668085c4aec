/** What a reload changed, for whoever regenerates pages and caches. */
export interface ContentChange {
  /** Slugs whose post was added or changed. */
  updated: string[]
  /** Slugs that no longer exist. */
  removed: string[]
  /** Whether the published list (what `/blog` and the public API show) may have changed. */
  publishedListChanged: boolean
  /** The tag slugs the changed and removed posts had before (absent when none): their tag pages may have lost a post. */
  tagsBefore?: string[]
}
