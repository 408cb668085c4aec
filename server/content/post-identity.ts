import path from 'node:path'
import { parsePostFile } from './parse-post.ts'

/**
 * A post file's identity across renames and deletions: its id (derived from its slug when the
 * file has none); null when the bytes are no readable post. The file history follows a post
 * through a rename by it, and a deleted post is found again by it.
 */
export function postIdOf(file: string, bytes: Uint8Array): string | null {
  try {
    return parsePostFile(Buffer.from(bytes).toString('utf8'), path.basename(file)).id
  } catch {
    return null
  }
}
