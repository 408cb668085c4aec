/**
 * A slug made from a title (pure), for the admin's Slug field and the importer alike:
 * "Hello, World! 2.0" → "hello-world-2-0" (at most 100 characters); accents dropped, every other
 * run of characters outside a-z and 0-9 one hyphen. Empty when nothing is left.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')
}
