import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { PostFileError } from '../errors.ts'
import type { Post } from './post.ts'
import { SLUG_PATTERN } from './post-rules.ts'
import { parsePostFile } from './parse-post.ts'
import { blobId } from '../git/blob-id.ts'

/**
 * What reading one post file gave: the post with its version (the file's git blob id), nothing
 * (the file is gone), or why it was skipped.
 */
export type ReadResult = { post: Post; version: string } | { missing: true } | { error: PostFileError }

/** How many files are read at once when loading the whole folder. */
const READ_CONCURRENCY = 64

/** `<slug>.html` with a valid slug; anything else in the folder is not a post. */
export function isPostFileName(name: string): boolean {
  return name.endsWith('.html') && SLUG_PATTERN.test(name.slice(0, -'.html'.length))
}

/** The post files of `content/blog/`: reading them is all this does; parsing is pure. */
export class PostFiles {
  constructor(readonly blogDir: string) {}

  async listFileNames(): Promise<string[]> {
    const entries = await readdir(this.blogDir, { withFileTypes: true })
    return entries.filter((entry) => entry.isFile() && isPostFileName(entry.name)).map((entry) => entry.name)
  }

  async read(fileName: string): Promise<ReadResult> {
    let bytes: Buffer
    try {
      bytes = await readFile(path.join(this.blogDir, fileName))
    } catch (error) {
      if (isMissing(error)) return { missing: true }
      throw error
    }
    try {
      // The version is the blob id of the bytes on disk: exactly what git records for the file.
      return { post: parsePostFile(bytes.toString('utf8'), fileName), version: blobId(bytes) }
    } catch (error) {
      if (error instanceof PostFileError) return { error }
      throw error
    }
  }

  async readMany(fileNames: string[]): Promise<Map<string, ReadResult>> {
    const results = new Map<string, ReadResult>()
    let next = 0
    const worker = async () => {
      while (next < fileNames.length) {
        const name = fileNames[next++]!
        results.set(name, await this.read(name))
      }
    }
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, fileNames.length) }, worker))
    return results
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'EISDIR'
}
