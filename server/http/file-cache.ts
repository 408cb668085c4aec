import path from 'node:path'
import { BoundedCache } from '../lib/bounded-cache.ts'
import { isInside, readRegularFile } from '../lib/regular-file.ts'
import { PreparedBody } from './prepared-body.ts'

/** Content types by extension: the server's, and a static export's nginx.conf's. */
export const FILE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  // With its charset, as Koa would add it (mime-types' contentType): the quick answers send this as it is.
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff2': 'font/woff2',
}

/**
 * Served files (the site's pages, the build's assets) in memory, read on first request and
 * kept until they are rewritten (`invalidate`) or pushed out by newer ones when over `maxBytes`.
 * Only files inside `roots` are read, and only regular files reached without a link
 * (lib/regular-file.ts): anything else is no file.
 */
export class FileCache {
  readonly #entries: BoundedCache<string, PreparedBody>
  readonly #roots: string[]

  constructor(options: { roots: string[]; maxBytes?: number }) {
    this.#roots = options.roots.map((root) => path.resolve(root))
    this.#entries = new BoundedCache({ maxBytes: options.maxBytes ?? 256 * 1024 * 1024 })
  }

  /**
   * The file's prepared body, or null when there is no such file. `type` overrides the one its
   * extension gives (a feed is `.xml` but not `application/xml`).
   */
  async get(filePath: string, options: { immutable: boolean; type?: string }): Promise<PreparedBody | null> {
    const cached = this.peek(filePath)
    if (cached) return cached
    // The innermost folder that holds it: the site's pages may live inside the build's folder.
    const root = this.#roots.filter((folder) => isInside(folder, filePath)).sort((a, b) => b.length - a.length)[0]
    const content = root === undefined ? null : await readRegularFile(root, filePath)
    if (content === null) return null
    const type = options.type ?? FILE_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream'
    const prepared = new PreparedBody(content, type, { immutable: options.immutable })
    this.#entries.set(filePath, prepared, prepared.size)
    return prepared
  }

  /** The file's prepared body if it is in memory now (without reading anything), else undefined. */
  peek(filePath: string): PreparedBody | undefined {
    return this.#entries.get(filePath)
  }

  invalidate(filePath: string): void {
    this.#entries.delete(filePath)
  }
}
