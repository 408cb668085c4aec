import type { BodyChanges } from './import-changes.ts'
import { element, text, writeFragment } from './hast-nodes.ts'
import { gallery, linkParagraph, mediaFigure, type ShapeImage } from './post-shapes.ts'
import { fileNameOf } from './file-names.ts'

/**
 * WordPress's classic shortcodes, `[name attr="…"]inner[/name]`, which only WordPress and the
 * site's plugins can render, made the post model's blocks (pure):
 * - `[caption]` → a figure with its caption;
 * - `[gallery]` → a gallery of the images it names (`ids`, `include`), or of the post's own
 *   attached images when it names none, as WordPress shows it;
 * - `[audio]`, `[video]` → an audio or video file (the media step keeps it or makes it a link);
 * - `[embed]URL[/embed]` → a link to the URL (a YouTube or Vimeo one becomes the site's embed);
 * - `[playlist]` → a link to each of its files;
 * - any other → its inner text, named in the report.
 * `[[name]]` is WordPress's escape for a literal shortcode and is left as text.
 */

/** What the export says of its attachments: a gallery or a player names them by id. */
export interface WordPressAttachment {
  url: string
  alt: string
  caption: string
  /** The post it was uploaded to (`post_parent`): `[gallery]` without ids shows these. */
  parent: string
  order: number
  mimeType: string
}

export interface ShortcodeContext {
  attachments: ReadonlyMap<string, WordPressAttachment>
  postId: string
}

const SHORTCODE = /(\[?)\[([a-z][a-z0-9_-]*)\b([^\]]*?)(\/?)\](?:([\s\S]*?)\[\/\2\])?(\]?)/g

export function expandShortcodes(text: string, context: ShortcodeContext, changes: BodyChanges): string {
  return text.replace(SHORTCODE, (whole, open: string, name: string, attributes: string, _slash: string, inner: string | undefined, close: string) => {
    if (open === '[' && close === ']') return whole.slice(1, -1)
    const body = inner === undefined ? '' : expandShortcodes(inner, context, changes)
    const attrs = readAttributes(attributes)
    const known = name === 'wp_caption' ? 'caption' : name
    const made = Object.hasOwn(SHORTCODES, known) ? SHORTCODES[known]!(attrs, body, context) : undefined
    if (made !== undefined && made !== null) {
      changes.changed.push(`[${name}] shortcode → ${made.how}`)
      return open + made.html + close
    }
    changes.changed.push(body.trim() ? `[${name}] shortcode → its text` : `[${name}] shortcode removed (no text of its own${made === null ? ', and no file it names in the export' : ''})`)
    return open + body + close
  })
}

type Shortcode = (attrs: Record<string, string>, body: string, context: ShortcodeContext) => { html: string; how: string } | null

const SHORTCODES: Readonly<Record<string, Shortcode>> = {
  caption: (attrs, body) => {
    const media = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(body)
    if (!media) return null
    const caption = (media[2]!.trim() || attrs.caption || '').trim()
    return { html: `<figure>${media[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`, how: 'figure with its caption' }
  },
  gallery: (attrs, _body, context) => {
    const images = attachmentsFor(attrs.ids || attrs.include, context, 'image/').map(
      (file): ShapeImage => ({ src: file.url, alt: file.alt, ...(file.caption ? { caption: [{ type: 'text', value: file.caption }] } : {}) }),
    )
    return images.length > 0 ? { html: writeFragment([gallery(images)]), how: 'gallery' } : null
  },
  audio: (attrs, _body, context) => player('audio', attrs, context),
  video: (attrs, _body, context) => player('video', attrs, context),
  // A link in the line (alone on it, the importer makes a YouTube or Vimeo one the site's embed).
  embed: (_attrs, body) => (/^\s*https?:\/\/\S+\s*$/.test(body) ? { html: writeFragment([element('a', { href: body.trim() }, [text(body.trim())])]), how: 'link' } : null),
  playlist: (attrs, _body, context) => {
    const files = attachmentsFor(attrs.ids || attrs.include, context, attrs.type === 'video' ? 'video/' : 'audio/')
    if (files.length === 0) return null
    return { html: writeFragment(files.map((file) => linkParagraph(file.url, `${attrs.type === 'video' ? 'Video' : 'Audio'}: ${file.caption || fileNameOf(file.url)}`))), how: 'a link to each file' }
  },
}

const EXTENSIONS = { audio: ['src', 'mp3', 'm4a', 'ogg', 'wav', 'wma', 'flac'], video: ['src', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv', 'mov'] } as const

function player(kind: 'audio' | 'video', attrs: Record<string, string>, context: ShortcodeContext) {
  const named = EXTENSIONS[kind].map((key) => attrs[key]).find(Boolean) ?? attrs['0']
  const src = named || attachmentsFor(undefined, context, `${kind}/`)[0]?.url
  if (!src) return null
  const media = mediaFigure({ kind, src, ...(kind === 'video' ? { poster: attrs.poster, width: attrs.width, height: attrs.height } : {}) })
  return { html: writeFragment([media]), how: `${kind} file` }
}

/** The attachments named (`"12,13"`), in that order, or else the post's own of that type, in their menu order. */
function attachmentsFor(ids: string | undefined, context: ShortcodeContext, mimePrefix: string): WordPressAttachment[] {
  if (ids) return ids.split(',').flatMap((id) => context.attachments.get(id.trim()) ?? [])
  return [...context.attachments.values()].filter((file) => file.parent === context.postId && file.mimeType.startsWith(mimePrefix)).sort((a, b) => a.order - b.order)
}

/** `key="value"`, `key='value'`, `key=value`; a bare value (`[audio https://…]`) is `0`. */
function readAttributes(text: string): Record<string, string> {
  // No prototype: an attribute named `__proto__` or `constructor` is data.
  const attrs = Object.create(null) as Record<string, string>
  let bare = 0
  for (const match of text.matchAll(/([a-z0-9_-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))|"([^"]*)"|(\S+)/gi)) {
    if (match[1]) attrs[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? ''
    else attrs[String(bare++)] = match[5] ?? match[6] ?? ''
  }
  return attrs
}
