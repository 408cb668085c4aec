import yaml from 'js-yaml'
import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'

/**
 * Jekyll's permalinks: the site's `permalink` setting in `_config.yml` (a built-in style or a
 * template) and a post's own `permalink`, filled in for one post (pure, but for reading the
 * setting). https://jekyllrb.com/docs/permalinks/
 */

/** Jekyll's built-in styles; `date` is its default. */
const STYLES: Readonly<Record<string, string>> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
}

export const JEKYLL_DEFAULT_PERMALINK = STYLES.date!

/** `_config.yml`'s `permalink`, as a template; Jekyll's default when unset or unreadable. */
export async function jekyllPermalinkSetting(root: string): Promise<string> {
  let handle
  try {
    handle = await open(path.join(root, '_config.yml'), constants.O_RDONLY | constants.O_NOFOLLOW)
    if ((await handle.stat()).size > 1_000_000) return JEKYLL_DEFAULT_PERMALINK
    const config = yaml.load((await handle.readFile()).toString('utf8'), { schema: yaml.JSON_SCHEMA })
    const setting = typeof config === 'object' && config !== null && Object.hasOwn(config, 'permalink') ? (config as Record<string, unknown>).permalink : undefined
    return typeof setting === 'string' && setting.trim() !== '' ? permalinkTemplate(setting.trim()) : JEKYLL_DEFAULT_PERMALINK
  } catch {
    return JEKYLL_DEFAULT_PERMALINK
  } finally {
    await handle?.close()
  }
}

/** A style's template, or the template as written. */
export function permalinkTemplate(setting: string): string {
  return Object.hasOwn(STYLES, setting) ? STYLES[setting]! : setting
}

/**
 * The path `template` gives a post, or '' when it needs what the post lacks (a date) or names a
 * placeholder Jekyll has and this does not fill (`:week`): the caller keeps no guessed path.
 */
export function jekyllPath(template: string, post: { slug: string; date: string; categories: string[] }): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(post.date)
  const values: Record<string, string | undefined> = {
    title: post.slug,
    slug: post.slug,
    // Jekyll writes categories lowercased, in front of the date.
    categories: post.categories.map((category) => category.toLowerCase()).join('/'),
    output_ext: '.html',
    year: day?.[1],
    short_year: day?.[1]!.slice(2),
    month: day?.[2],
    i_month: day ? String(Number(day[2])) : undefined,
    day: day?.[3],
    i_day: day ? String(Number(day[3])) : undefined,
    y_day: day ? dayOfYear(Number(day[1]), Number(day[2]), Number(day[3])) : undefined,
  }
  let missing = false
  const filled = template.replace(/:([a-z_]+)/g, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined
    if (value === undefined) missing = true
    return value ?? placeholder
  })
  return missing ? '' : filled.replace(/\/{2,}/g, '/')
}

function dayOfYear(year: number, month: number, day: number): string {
  const days = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1
  return String(days).padStart(3, '0')
}
