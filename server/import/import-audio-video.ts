import type { Element, ElementContent, Root, RootContent } from 'hast'
import { find, textOf } from './hast-nodes.ts'
import type { MediaLookup } from './import-media.ts'
import { linkParagraph } from './post-shapes.ts'
import { fileNameOf } from './file-names.ts'

/**
 * The old site's video and audio files (`<video src>`, `<audio src>` as the source mappings made
 * them) brought into the media library as its images are, or, where they cannot be (no uploads
 * folder, the file missing or too large, bytes that are no video or audio the library takes, a
 * file on another site), made a link to where the file was, `<p><a href="…">Video: title</a></p>`,
 * so that nothing a reader could play is lost without a word. Each is told for the report.
 */

/** The library URL of an old site's file of that kind (a poster is an image), or why it has none. */
export type AvLookup = (url: string, kind: 'video' | 'audio' | 'captions' | 'image') => Promise<MediaLookup>

export async function importAudioVideo(tree: Root, lookup: AvLookup, changed: string[]): Promise<void> {
  const parents: (Root | Element)[] = [tree]
  while (parents.length > 0) {
    const parent = parents.pop()!
    const children: RootContent[] = []
    for (const child of parent.children) {
      if (child.type !== 'element') {
        children.push(child)
        continue
      }
      const player = child.tagName === 'video' || child.tagName === 'audio' ? child : child.tagName === 'figure' ? onlyPlayer(child) : undefined
      if (!player) {
        children.push(child)
        parents.push(child)
        continue
      }
      children.push(...(await importPlayer(child, player, lookup, changed)))
    }
    parent.children = children as Root['children'] & Element['children']
  }
}

/** The one video or audio a figure shows (with its caption), or none. */
function onlyPlayer(node: Element): Element | undefined {
  const players = node.children.filter((child): child is Element => child.type === 'element' && (child.tagName === 'video' || child.tagName === 'audio'))
  return players.length === 1 ? players[0] : undefined
}

async function importPlayer(holder: Element, player: Element, lookup: AvLookup, changed: string[]): Promise<RootContent[]> {
  const kind = player.tagName as 'video' | 'audio'
  const src = typeof player.properties.src === 'string' ? player.properties.src : ''
  const caption = textOf(find(holder, (node) => node.tagName === 'figcaption'))
  const name = caption || fileNameOf(src) || src
  const label = kind === 'video' ? 'Video' : 'Audio'
  if (!src) {
    changed.push(`${kind} without a file${caption ? `: its caption "${caption}" kept as a paragraph` : ' removed'}`)
    return caption ? [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: caption }] }] : []
  }
  const found = await lookup(src, kind)
  if (found.kind !== 'library') {
    const why = found.kind === 'missing' ? found.reason : 'not a file of the old site\'s uploads'
    const poster = typeof player.properties.poster === 'string' ? `; its poster ${player.properties.poster} left out` : ''
    changed.push(`${kind} ${src} → link "${label}: ${name}" (${why}${poster})`)
    return [linkParagraph(src, `${label}: ${name}`)]
  }
  player.properties.src = found.url
  player.properties.controls = true
  player.properties.preload = 'metadata'
  for (const attribute of ['autoplay', 'autoPlay', 'loop', 'muted']) delete player.properties[attribute]
  if (typeof player.properties.poster === 'string') {
    const poster = await lookup(player.properties.poster, 'image')
    if (poster.kind === 'library') player.properties.poster = poster.url
    else {
      changed.push(`video poster ${player.properties.poster} left out (${poster.kind === 'missing' ? poster.reason : 'not a file of the old site\'s uploads'})`)
      delete player.properties.poster
    }
  }
  const tracks: ElementContent[] = []
  for (const track of player.children) {
    if (track.type !== 'element' || track.tagName !== 'track' || typeof track.properties.src !== 'string') continue
    const file = await lookup(track.properties.src, 'captions')
    if (file.kind === 'library') tracks.push({ ...track, properties: { ...track.properties, src: file.url } })
    else changed.push(`captions ${track.properties.src} left out (${file.kind === 'missing' ? file.reason : 'not a file of the old site\'s uploads'})`)
  }
  player.children = tracks
  changed.push(`${kind} ${src} → ${kind} file in the media library (${found.url})`)
  return [holder]
}
