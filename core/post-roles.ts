import type { Role } from './contract/index.ts'

/**
 * Whether a person may change a post (save, delete, restore a version of it): the one rule, which
 * the server enforces (server/services/posts/post-permissions.ts) and the admin UI mirrors. Editors and
 * admins change every post. An author changes only their own drafts: a post that names them as
 * its author and is not published (nor scheduled: a scheduled post is published). A post without
 * an owner (made by an editor or admin, before posts had owners, or by hand) is nobody's draft.
 *
 * Reading is not restricted: authors see every post in the list and open any in the editor
 * (read-only where they may not change it), as everyone will on the public site once it is
 * published, so they see what exists, avoid writing a duplicate and can take a colleague's post
 * as a model. Only writes depend on the owner.
 */
export function mayChangePost(person: { username: string; role: Role }, post: { author?: string; isPublished: boolean }): boolean {
  if (person.role !== 'author') return true
  return post.author === person.username && !post.isPublished
}

/** Publishing (the Published switch, a scheduled post included) is for editors and admins; an author submits for review. */
export function mayPublish(role: Role): boolean {
  return role !== 'author'
}
