import type { GitAuthor } from './commit-types.ts'

/**
 * A commit stores `author <name> <<email>> <time>` on one line, so a name or email holding an
 * angle bracket or a line break would corrupt the commit (git fsck rejects it). Like git, those
 * characters are dropped rather than refused; an author left empty is a caller bug. Not a matter
 * of speed, so nothing to measure: isomorphic-git's writeCommit writes the author as given.
 */
export function cleanAuthor(author: GitAuthor): GitAuthor {
  const clean = (value: string) => value.replace(/[<>\r\n\0]/g, '').trim()
  const name = clean(author.name)
  const email = clean(author.email)
  if (name === '' || email === '') throw new Error('A commit needs an author name and email')
  return { name, email }
}

/** As `git commit` stores it: no trailing blank lines or spaces, one final newline. */
export function cleanMessage(message: string): string {
  return message.replace(/\0/g, '').replace(/\s+$/, '') + '\n'
}
