/**
 * Where a post lives on the site, said once for the server, the pages and the admin (pure):
 * `/blog/<slug>`. Slugs are lowercase words joined by hyphens (server/content/post-rules.ts).
 */

const POST_URL = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/

/** `/blog/<slug>` */
export function postUrl(slug: string): string {
  return `/blog/${slug}`
}

/** The slug of a post page's URL path (`/blog/<slug>`), or null for any other path. */
export function slugOfPostUrl(url: string): string | null {
  return POST_URL.exec(url)?.[1] ?? null
}
