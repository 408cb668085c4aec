import type { Node } from '@milkdown/kit/prose/model'
import { type Command, NodeSelection, type EditorState } from '@milkdown/kit/prose/state'
import type { NodeViewConstructor } from '@milkdown/kit/prose/view'
import { $nodeSchema, $view } from '@milkdown/kit/utils'
import { isAvUrlOf } from '../../../../core/av-media.ts'
import { attributeRule, isAllowedUrl, POST_ELEMENTS } from '../../../../core/post-html-rules.ts'
import { mediaDisplayName } from '../media/media-name.ts'
import { insertBlock } from './block-insert.ts'

/** The node's name in the editor's schema. */
export const MEDIA_FILE = 'media_file'

export type MediaFileKind = 'video' | 'audio'

/** What a video or audio file of the library is in a post (core/post-html-rules.ts's shape). */
export interface MediaFileInput {
  kind: MediaFileKind
  /** `/media/<year>/<name>-<hash>.<ext>` of the library. */
  src: string
  /** A library image shown before a video plays; '' for none. */
  poster: string
  /** A library `.vtt` file; '' for none. */
  captions: string
  /** The captions' language (`en`) and name (`English`). */
  srclang: string
  label: string
}

/** A `<video>` or `<audio>` element's attributes as the node keeps them, or false for one a post cannot hold. */
function mediaAttrsOf(dom: HTMLElement) {
  const kind = dom.tagName.toLowerCase() as MediaFileKind
  const src = dom.getAttribute('src') ?? ''
  if (!isAvUrlOf(kind, src)) return false
  const track = kind === 'video' ? dom.querySelector('track[src]') : null
  const captions = track?.getAttribute('src') ?? ''
  const poster = dom.getAttribute('poster') ?? ''
  const size = (name: 'width' | 'height') => {
    const value = dom.getAttribute(name)
    return value !== null && attributeRule(POST_ELEMENTS.video, name)?.value?.test(value) ? value : null
  }
  return {
    kind,
    src,
    poster: kind === 'video' && isAllowedUrl('poster', poster) ? poster : null,
    width: kind === 'video' ? size('width') : null,
    height: kind === 'video' ? size('height') : null,
    captions: isAllowedUrl('captions', captions) ? captions : null,
    srclang: track?.getAttribute('srclang') ?? null,
    label: track?.getAttribute('label') ?? null,
  }
}

/**
 * A video or audio file of the media library as the editor holds it: one block (on its own or in
 * a figure with a caption), read from and written to `<video controls preload="metadata" src
 * poster width height><track kind="captions" src srclang label></video>` or `<audio controls
 * preload="metadata" src></audio>`, the forms a post stores (the normalizer writes `controls`
 * bare and checks every URL again). A player of any other source is dropped.
 *
 * The editor does not play it: its node view is a box naming the file, its poster and captions.
 */
export const mediaFileSchema = $nodeSchema(MEDIA_FILE, () => ({
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: {
    kind: { default: 'video', validate: 'string' },
    src: { default: '', validate: 'string' },
    poster: { default: null, validate: 'string|null' },
    width: { default: null, validate: 'string|null' },
    height: { default: null, validate: 'string|null' },
    captions: { default: null, validate: 'string|null' },
    srclang: { default: null, validate: 'string|null' },
    label: { default: null, validate: 'string|null' },
  },
  parseDOM: [
    { tag: 'video[src]', getAttrs: (dom: HTMLElement) => mediaAttrsOf(dom) },
    { tag: 'audio[src]', getAttrs: (dom: HTMLElement) => mediaAttrsOf(dom) },
    // Any other player goes, with what it holds.
    { tag: 'video', ignore: true },
    { tag: 'audio', ignore: true },
  ],
  toDOM: (node) => {
    const attrs = node.attrs as Record<string, string | null>
    const kind = attrs.kind === 'audio' ? 'audio' : 'video'
    const player = { controls: '', preload: 'metadata', src: attrs.src ?? '' }
    if (kind === 'audio') return ['audio', player]
    const track = attrs.captions ? [['track', { kind: 'captions', src: attrs.captions, srclang: attrs.srclang, label: attrs.label }]] : []
    return ['video', { ...player, poster: attrs.poster, width: attrs.width, height: attrs.height }, ...track]
  },
  parseMarkdown: { match: () => false, runner: () => {} },
  toMarkdown: { match: () => false, runner: () => {} },
}))

/** The box the editor shows for a player: what it plays, its poster and its captions. */
export const mediaFileView = $view(mediaFileSchema.node, (): NodeViewConstructor => (node) => {
  const dom = document.createElement('div')
  dom.className = 'rte-video rte-media-file'
  dom.contentEditable = 'false'
  const render = (current: Node) => {
    const attrs = current.attrs as Record<string, string | null>
    const video = attrs.kind !== 'audio'
    const details = [
      attrs.poster ? `poster ${mediaDisplayName(attrs.poster)}` : '',
      attrs.captions ? `captions ${attrs.label || attrs.srclang || mediaDisplayName(attrs.captions)}` : '',
    ].filter(Boolean)
    dom.dataset.kind = video ? 'video' : 'audio'
    dom.replaceChildren(
      Object.assign(document.createElement('span'), { className: 'rte-video__play', ariaHidden: 'true', textContent: video ? '▶' : '♪' }),
      Object.assign(document.createElement('span'), { className: 'rte-video__title', textContent: mediaDisplayName(attrs.src ?? '') }),
      Object.assign(document.createElement('span'), {
        className: 'rte-video__note',
        textContent: `${video ? 'Video' : 'Audio'} file from the media library, with its controls${details.length ? `; ${details.join(', ')}` : ''}`,
      }),
    )
  }
  render(node)
  return {
    dom,
    update: (updated) => {
      if (updated.type.name !== MEDIA_FILE) return false
      render(updated)
      return true
    },
    ignoreMutation: () => true,
  }
})

/** The player node the Insert video file or audio file button would edit, when one is selected. */
export function selectedMediaFile(state: EditorState) {
  const { selection } = state
  return selection instanceof NodeSelection && selection.node.type.name === MEDIA_FILE ? selection : null
}

/**
 * Inserts a player in a figure of its own (with `caption`, which can be edited in place later)
 * and puts the cursor in the paragraph after it, or updates the selected player. Sources the post
 * rules refuse insert nothing.
 */
export function insertMediaFile(input: MediaFileInput, caption = ''): Command {
  return (state, dispatch) => {
    const { schema } = state
    const type = schema.nodes[MEDIA_FILE]
    if (!type || !isAvUrlOf(input.kind, input.src)) return false
    const video = input.kind === 'video'
    const captions = video && isAllowedUrl('captions', input.captions) ? input.captions : null
    const selected = selectedMediaFile(state)
    const kept = selected?.node.attrs.src === input.src ? selected.node.attrs : {}
    const attrs = {
      ...kept,
      kind: input.kind,
      src: input.src,
      poster: video && isAllowedUrl('poster', input.poster) ? input.poster : null,
      captions,
      srclang: captions ? input.srclang.trim() || 'en' : null,
      label: captions ? input.label.trim() || null : null,
    }
    const tr = state.tr
    if (selected) {
      tr.setNodeMarkup(selected.from, null, attrs)
    } else {
      const figure = schema.nodes.figure!.create(null, [type.create(attrs), schema.nodes.figcaption!.create(null, caption.trim() ? schema.text(caption.trim()) : null)])
      // Where every block goes, never in place of a selected one; the writing goes on below it.
      if (insertBlock(tr, figure) === -1) return false
    }
    dispatch?.(tr.scrollIntoView())
    return true
  }
}
