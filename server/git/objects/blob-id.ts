import { createHash } from 'node:crypto'

/**
 * The id git gives a file's content (`git hash-object`): SHA-1 of `blob <bytes>\0<content>`.
 * Computed here rather than through isomorphic-git because it is pure, synchronous and hot:
 * every save compares its texts to HEAD by this id before deciding whether to write anything.
 */
export function blobId(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex')
}
