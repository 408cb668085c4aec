import { readFile } from 'node:fs/promises'
import path from 'node:path'
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
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
}

/**
 * Served files (the site's pages, the build's assets) in memory, read on first request and
 * kept until they are rewritten (`invalidate`) or pushed out by newer ones when over `maxBytes`.
 */
export class FileCache {
  readonly #entries = new Map<string, PreparedBody>()
  #bytes = 0
  readonly #maxBytes: number

  constructor(maxBytes = 256 * 1024 * 1024) {
    this.#maxBytes = maxBytes
  }

  /**
   * The file's prepared body, or null when there is no such file. `type` overrides the one its
   * extension gives (a feed is `.xml` but not `application/xml`).
   */
  async get(filePath: string, options: { immutable: boolean; type?: string }): Promise<PreparedBody | null> {
    const cached = this.#entries.get(filePath)
    if (cached) {
      // Map order is insertion order: re-inserting marks it as recently used.
      this.#entries.delete(filePath)
      this.#entries.set(filePath, cached)
      return cached
    }
    let content: Buffer
    try {
      content = await readFile(filePath)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null
      throw error
    }
    const type = options.type ?? FILE_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream'
    const prepared = new PreparedBody(content, type, { immutable: options.immutable })
    this.#remember(filePath, prepared)
    return prepared
  }

  invalidate(filePath: string): void {
    const entry = this.#entries.get(filePath)
    if (!entry) return
    this.#entries.delete(filePath)
    this.#bytes -= entry.size
  }

  #remember(filePath: string, prepared: PreparedBody): void {
    this.invalidate(filePath)
    this.#entries.set(filePath, prepared)
    this.#bytes += prepared.size
    for (const [oldPath, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break
      this.#entries.delete(oldPath)
      this.#bytes -= old.size
    }
  }
}
