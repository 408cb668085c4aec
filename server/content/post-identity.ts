import { randomInt } from 'node:crypto'
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

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
const ID_LENGTH = 10

/** A new post's id, as the admin and the importer make them: 10 random lowercase letters and digits that `taken` does not refuse. */
export function newPostId(taken: (id: string) => boolean): string {
  for (;;) {
    let id = ''
    for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)]
    if (!taken(id)) return id
  }
}
