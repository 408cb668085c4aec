import type { CommitAuthor, PostFields } from './post-wire.ts'

/** What a version did to the post, against the version before it in its history. */
export type PostChangeKind = 'created' | 'edited' | 'published' | 'unpublished' | 'restored' | 'deleted'

/** A field of a post, by its name in the API. */
export type PostFieldName = keyof PostFields

/** A version of a post: which commit made it, who and when. */
export interface VersionRef {
  commit: string
  author: CommitAuthor
  /** Author date, ISO 8601. */
  date: string
}

/**
 * What a commit changed in a post, in words a person reads (core/post-change-words.ts):
 * created, published or unpublished, restored from an earlier version, deleted, and the fields
 * whose value changed (the Published switch is said by the kind, never listed here).
 */
export interface PostChange {
  kind: PostChangeKind
  fields: PostFieldName[]
  /** `restored`: the version brought back. */
  restoredFrom?: VersionRef
}

/** One commit in a post's history (`GET /api/admin/blog/posts/{id}/history`). */
export interface PostHistoryEntry {
  /** The commit id. */
  id: string
  author: CommitAuthor
  /** Author date, ISO 8601. */
  date: string
  /** The commit message's first line (`blog: update "Title" (slug)` for a save). */
  message: string
  /** The post's slug in that commit (another one before a rename). */
  slug: string
  /** What this commit changed in the post. A `deleted` entry has no version to view or restore. */
  change: PostChange
}

/** A field whose value differs between two versions. */
export interface ChangedField {
  name: Exclude<PostFieldName, 'content'>
  before: string | boolean
  after: string | boolean
}

/**
 * `GET /api/admin/blog/posts/{id}/history/{commit}/compare`: a version beside the current one
 * (for a deleted post, its last version). `content.html` is the post's content as its page
 * renders it, sanitized, with the words inserted since that version in `<ins>` and the words
 * removed in `<del>`; `fields` holds only the fields that differ.
 */
export interface VersionComparison {
  from: VersionRef & { slug: string }
  fields: ChangedField[]
  content: {
    html: string
    /** Words inserted and removed (0 and 0: the content is the same). */
    inserted: number
    removed: number
    /** The content differs too much to mark word by word: `html` is the current one, unmarked. */
    tooLarge?: true
  }
}

/** A post whose file was removed, as git tells it (`GET /api/admin/blog/deleted`). */
export interface DeletedPost {
  id: string
  slug: string
  title: string
  summary: string
  /** The commit that removed the file, its author (who deleted it) and date. */
  deleted: VersionRef
  /** Its last version (what a restore brings back by default). */
  lastVersion: VersionRef
}
