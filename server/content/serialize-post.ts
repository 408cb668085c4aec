import yaml from 'js-yaml'
import { OPTIONAL_POST_KEYS, POST_KEYS, type Post } from '../../core/post.ts'

/**
 * Writes a post in its canonical file form: front matter with the keys always in the same
 * order (the optional ones after them, when set), then the HTML, then one newline. Pure; `parsePostFile(serializePost(p))` gives `p`
 * back, and a canonical file read and written again is byte-identical.
 *
 * Values are dumped with js-yaml's default schema, which quotes anything another YAML
 * reader might take for a date, number or boolean (so `'2025-10-01'` stays a string).
 */
export function serializePost(post: Post): string {
  const keys = [...POST_KEYS, ...OPTIONAL_POST_KEYS.filter((key) => post[key] !== undefined && post[key] !== '' && !(Array.isArray(post[key]) && post[key].length === 0))]
  const frontMatter = keys.map((key) => yaml.dump({ [key]: post[key] }, { lineWidth: -1 })).join('')
  return `---\n${frontMatter}---\n${post.content}\n`
}
