/**
 * For the tests of the Ghost editors' readers (Lexical, Mobiledoc): a document each refuses, with
 * the reason the import report gives for it.
 */
import { expect } from 'vitest'
import { UnreadableGhostDocument } from '../../server/import/ghost/rendering.ts'

/**
 * Expects `render(source)` to throw the reader's own error (not a parser's or the stack's), whose
 * message is `reason` (a string: the whole of it; a pattern: matched).
 */
export function expectUnreadable(render: (source: string) => unknown, source: string, reason: string | RegExp): void {
  let thrown: unknown
  try {
    render(source)
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(UnreadableGhostDocument)
  const message = (thrown as Error).message
  if (typeof reason === 'string') expect(message).toBe(reason)
  else expect(message).toMatch(reason)
}
