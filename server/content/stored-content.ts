import { closeSync, openSync, readSync } from 'node:fs'
import type { VersionedPost } from '../../core/post.ts'

/**
 * A file of posts' content opened for reading by byte range (the parse cache's content file,
 * `parsed-posts.json.content`). Such a file is never changed in place: a new one replaces it by
 * rename, and the descriptor held here keeps reading the file it opened, so a range read from it
 * is always the bytes that were written there.
 */
export class ContentFile {
  readonly #fd: number
  #closed = false

  private constructor(fd: number) {
    this.#fd = fd
  }

  /** The file opened for reading, or null when it cannot be (missing, unreadable). */
  static open(file: string): ContentFile | null {
    try {
      return new ContentFile(openSync(file, 'r'))
    } catch {
      return null
    }
  }

  /** The bytes from `start` to `end`: fewer when the file is shorter. */
  bytes(start: number, end: number): Buffer {
    // Checked first: a closed descriptor's number may already be another file's.
    if (this.#closed) throw new Error('The content file was closed')
    const bytes = Buffer.allocUnsafe(end - start)
    let read = 0
    while (read < bytes.length) {
      const got = readSync(this.#fd, bytes, read, bytes.length - read, start + read)
      if (got === 0) break
      read += got
    }
    return bytes.subarray(0, read)
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    closeSync(this.#fd)
  }
}

/** Where a post's content is in a content file: its UTF-8 bytes from `start` to `end`. */
export interface ContentSpan {
  file: ContentFile
  start: number
  end: number
}

/**
 * A post's content as the index holds it: the text itself, or where it is in a content file, read
 * when asked for. At 10,000 posts the text is 45 million characters, 86 MiB of the heap (two bytes
 * each, since nearly every post has a typographic quote); a span is a few dozen bytes, and a read
 * of one post's 5 KB from the page cache a few microseconds.
 */
export type StoredContent = string | ContentSpan

export function readContent(content: StoredContent): string {
  return typeof content === 'string' ? content : content.file.bytes(content.start, content.end).toString('utf8')
}

/** A post with its version, its content where it is kept: what reading a post file gives, and what the index holds. */
export type StoredPost = Omit<VersionedPost, 'content'> & { content: StoredContent }
