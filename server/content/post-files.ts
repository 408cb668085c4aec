import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { PostFileError } from '../lib/errors.ts'
import type { VersionedPost } from './post.ts'
import { parsePostFile } from './parse-post.ts'
import { isMeantAsPost, isPostFileName } from './post-paths.ts'
import { findUnsafeHtml } from './unsafe-html.ts'
import { blobId } from '../git/objects/blob-id.ts'

/**
 * What reading one post file gave: the post with its version (the file's git blob id), nothing
 * (the file is gone), or why it cannot be read.
 */
export type ReadResult = VersionedPost | { missing: true } | { error: PostFileError }

/** How many files are read at once when loading the whole folder. */
const READ_CONCURRENCY = 64

/** The post files of `content/blog/`: reading them is all this does; parsing is pure. */
export class PostFiles {
  readonly blogDir: string

  constructor(blogDir: string) {
    this.blogDir = blogDir
  }

  /** The files meant as posts (see isMeantAsPost), misnamed ones included. */
  async listFileNames(): Promise<string[]> {
    const entries = await readdir(this.blogDir, { withFileTypes: true })
    return entries.filter((entry) => entry.isFile() && isMeantAsPost(entry.name)).map((entry) => entry.name)
  }

  async read(fileName: string): Promise<ReadResult> {
    let bytes: Buffer
    try {
      bytes = await readFile(path.join(this.blogDir, fileName))
    } catch (error) {
      if (isMissing(error)) return { missing: true }
      throw error
    }
    return readPostBytes(fileName, bytes)
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

/**
 * What the site reads from one post file's bytes. Pure: the name must be a slug, the file must
 * parse, and its content must be what the site would show (nothing the sanitizer would remove).
 */
export function readPostBytes(fileName: string, bytes: Buffer): ReadResult {
  if (!isPostFileName(fileName)) {
    return { error: new PostFileError(fileName, 'file name', 'must be the post’s slug (lowercase letters and digits separated by single hyphens) then .html') }
  }
  try {
    const text = bytes.toString('utf8')
    const post = parsePostFile(text, fileName)
    const unsafe = findUnsafeHtml(post.content, contentFirstLine(text, post.content))
    if (unsafe) return { error: new PostFileError(fileName, 'content', unsafe) }
    // The version is the blob id of the bytes on disk: exactly what git records for the file.
    return { ...post, version: blobId(bytes) }
  } catch (error) {
    if (error instanceof PostFileError) return { error }
    throw error
  }
}

/** The content is the end of the file, less its final newline: the line it starts on. */
function contentFirstLine(text: string, content: string): number {
  const lines = (value: string) => value.split(/\r\n?|\n/).length
  return lines(text) - lines(text.endsWith('\n') ? `${content}\n` : content) + 1
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'EISDIR'
}
