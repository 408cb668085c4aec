import { createHash } from 'node:crypto'

/**
 * The git blob id of a text (what `git hash-object` prints): a post's version. Computed
 * here rather than asked of git so that reading 10,000 posts costs one hash each.
 */
export function blobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8')
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
}
