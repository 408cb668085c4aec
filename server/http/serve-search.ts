/**
 * `/pagefind/*`: the files of the visitors' search index (Pagefind's), from the base served now
 * (services/search/site-search.ts: a running site's own, or the build's), else from the one before it
 * (a search begun on it may still ask for its files); `/pagefind/delta/<folder>/*`, the files of
 * a delta (the posts changed since the base), served now or just before; and `/pagefind/delta.json`,
 * what the page merges and drops (DeltaAnswer). Koa's, not the quick answers': the folders change
 * with each update.
 */
import path from 'node:path'
import type { Middleware } from 'koa'
import { DELTA_RECORD, type DeltaAnswer, NO_DELTA } from '../search/search-delta.ts'
import type { FileCache } from './file-cache.ts'
import { PreparedBody, sendPrepared } from './prepared-body.ts'
import { contentSecurityPolicy } from './security-headers.ts'

export const SEARCH_PREFIX = '/pagefind/'
/** `delta/<folder>/<file>`: a delta's folder is named as search-folders.ts names it. */
const DELTA_FILE = /^delta\/(delta-[0-9]+-[0-9a-f]+)\/(.+)$/

/** What serveSearch needs of the delta served (SiteSearch.delta, SiteSearch.deltaDir). */
export interface SearchDeltas {
  delta(): { name: string; changed: readonly string[] } | null
  deltaDir(name: string): string | null
}

/** Pagefind's file names: `pagefind.js`, `wasm.en.pagefind`, `fragment/en_1eebd82.pf_fragment`… */
const SEARCH_FILE = /^(?:(?:fragment|index)\/)?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.[a-z0-9_]+$/i

/** Their content types: what is no script or JSON is bytes Pagefind reads itself (gzipped). */
export const SEARCH_FILE_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
}
export const SEARCH_BYTES_TYPE = 'application/octet-stream'

/**
 * How long a search file may be kept: the index's parts are named by a hash of their bytes
 * (`fragment/`, `index/`, `*.pf_meta`), kept a year; the rest (`pagefind.js`, its worker,
 * `pagefind-entry.json`, which names the current parts, and the WebAssembly) are revalidated.
 */
export function searchCacheControl(relative: string): string {
  return /^(?:fragment|index)\//.test(relative) || relative.endsWith('.pf_meta') ? 'public, max-age=31536000, immutable' : 'public, no-cache'
}

export function searchFileType(relative: string): string {
  return SEARCH_FILE_TYPES[path.extname(relative).toLowerCase()] ?? SEARCH_BYTES_TYPE
}

export function serveSearch(options: {
  /** The folders to look in, first the served index's (SiteSearch.dirs); none: every path answers 404. */
  dirs: () => readonly string[]
  /** The delta served; none (the build's index alone): `delta.json` says so. */
  deltas?: SearchDeltas
  /** Reads the files (its roots hold every folder `dirs` may give). */
  cache: FileCache
  mode: 'production' | 'development'
}): Middleware {
  // Pagefind's worker runs the WebAssembly too, under its own script's policy: every file of the search gets the allowance.
  const policy = contentSecurityPolicy(options.mode, [], true)
  let record: { of: unknown; body: PreparedBody } | null = null
  const deltaRecord = (): PreparedBody => {
    const delta = options.deltas?.delta() ?? null
    if (record?.of !== delta) {
      const answer: DeltaAnswer = delta ? { path: `${SEARCH_PREFIX}delta/${delta.name}/`, changed: delta.changed } : NO_DELTA
      record = { of: delta, body: PreparedBody.json(answer) }
    }
    return record.body
  }
  return async (ctx, next) => {
    if (!ctx.path.startsWith(SEARCH_PREFIX)) return next()
    ctx.set('Content-Security-Policy', policy)
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD')
      ctx.status = 405
      return
    }
    const relative = ctx.path.slice(SEARCH_PREFIX.length)
    if (relative === DELTA_RECORD) {
      ctx.status = 200
      ctx.set('Cache-Control', 'public, no-cache')
      await sendPrepared(ctx, deltaRecord())
      return
    }
    const inDelta = DELTA_FILE.exec(relative)
    const deltaDir = inDelta ? options.deltas?.deltaDir(inDelta[1]!) : undefined
    const [dirs, file] = inDelta ? [deltaDir ? [deltaDir] : [], inDelta[2]!] : [options.dirs(), relative]
    if (SEARCH_FILE.test(file) && !file.includes('..')) {
      for (const dir of dirs) {
        const prepared = await options.cache.get(path.join(dir, file), { immutable: true, type: searchFileType(file) })
        if (!prepared) continue
        ctx.status = 200
        ctx.set('Cache-Control', searchCacheControl(file))
        await sendPrepared(ctx, prepared)
        return
      }
    }
    ctx.status = 404
    ctx.type = 'text/plain; charset=utf-8'
    ctx.body = 'Not Found'
  }
}
