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
  // With its charset, as Koa would add it (mime-types' contentType): the quick answers send this as it is.
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff2': 'font/woff2',
}

/**
 * Served files (the site's pages, the build's assets) in memory, read on first request and
 * kept until they are rewritten (`invalidate`) or pushed out by newer ones when over `maxBytes`.
 */
export class FileCache {
  /**
   * Oldest first. `used` is the "second chance" of the CLOCK algorithm: a hit only sets it (a
   * property write, where moving the entry to the end of the Map cost a delete and an insert on
   * every request), and eviction moves a used entry to the end instead of dropping it.
   */
  readonly #entries = new Map<string, { prepared: PreparedBody; used: boolean }>()
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
    const cached = this.peek(filePath)
    if (cached) return cached
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

  /** The file's prepared body if it is in memory now (without reading anything), else undefined. */
  peek(filePath: string): PreparedBody | undefined {
    const entry = this.#entries.get(filePath)
    if (!entry) return undefined
    entry.used = true
    return entry.prepared
  }

  invalidate(filePath: string): void {
    const entry = this.#entries.get(filePath)
    if (!entry) return
    this.#entries.delete(filePath)
    this.#bytes -= entry.prepared.size
  }

  #remember(filePath: string, prepared: PreparedBody): void {
    this.invalidate(filePath)
    this.#entries.set(filePath, { prepared, used: false })
    this.#bytes += prepared.size
    while (this.#bytes > this.#maxBytes) {
      const [oldPath, old] = this.#entries.entries().next().value!
      this.#entries.delete(oldPath)
      if (old.used && oldPath !== filePath) {
        // Used since it last came round: kept, as the newest.
        old.used = false
        this.#entries.set(oldPath, old)
      } else {
        this.#bytes -= old.prepared.size
      }
    }
  }
}
