import type { PublicPost, VersionedPost } from '../../core/post.ts'
import { readContent } from '../content/stored-content.ts'
import type { ReadResult } from '../content/post-files.ts'
import type { RenderSettings } from '../pages/render-page.ts'
import type { RenderReply } from './render-post-pages.ts'
import type { PostExtras } from '../../core/post-extras.ts'
import type { SiteContent } from '../../core/site-content/index.ts'

/** What the build's threads (render-workers.ts) and each worker (render-worker.ts) say to each other. */
export interface WorkerSetup {
  distDir: string
  pagesDir: string
  blogDir: string
  settings: RenderSettings
}

/**
 * A render job carries the site's copy the pages show (the nav bar and footer of every post page),
 * and what each post's page shows of the other posts (its `extras`, in the order of `render`),
 * worked out where the whole published list is: a worker has only its batch.
 */
export type WorkerJob = { id: number; read: string[] } | { id: number; render: PublicPost[]; extras: (PostExtras | null)[]; site: SiteContent }

/** A read file as a worker sends it back: one the site cannot read is read again by the build's thread, which keeps the error. */
export type SentReadResult = VersionedPost | { missing: true } | { again: true }

export type WorkerReply =
  | { id: number; read: [fileName: string, result: SentReadResult][] }
  | ({ id: number } & RenderReply)
  /** The job failed as a whole (a read error other than a missing or refused file). */
  | { id: number; error: string }

/** Read results as a worker sends them: a file the site cannot read is marked to be read again; a content as its text. */
export function sendable(results: Map<string, ReadResult>): [string, SentReadResult][] {
  return [...results].map(([name, result]) => {
    if ('error' in result) return [name, { again: true }]
    return [name, 'content' in result && typeof result.content !== 'string' ? { ...result, content: readContent(result.content) } : (result as SentReadResult)]
  })
}
