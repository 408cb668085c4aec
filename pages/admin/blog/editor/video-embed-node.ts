import type { Node } from '@milkdown/kit/prose/model'
import { type Command, NodeSelection, type EditorState } from '@milkdown/kit/prose/state'
import type { NodeViewConstructor } from '@milkdown/kit/prose/view'
import { $nodeSchema, $view } from '@milkdown/kit/utils'
import { insertBlock } from './block-insert.ts'
import { embedFromLink, embedUrl, parseEmbedUrl, PROVIDER_NAMES } from '../../../../core/video-embeds.ts'

/** The node's name in the editor's schema. */
export const VIDEO_EMBED = 'video_embed'

/**
 * A video embed (core/video-embeds.ts) as the editor holds it: a block with the embed's URL
 * and title, read from and written to `<iframe src title></iframe>`, the form a post stores. A
 * frame pasted from YouTube's or Vimeo's share box (`youtube.com/embed/…` and its attributes) is
 * read as the stored form; any other frame is dropped with what it holds.
 *
 * The editor never shows the frame itself (that would load the player, a request to the provider
 * while writing): its node view is a box with the video's title (videoEmbedView). `toDOM` is what
 * the editor's HTML is read from, serialized into a detached element, where no frame loads.
 */
export const videoEmbedSchema = $nodeSchema(VIDEO_EMBED, () => ({
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: {
    src: { default: '', validate: 'string' },
    title: { default: null, validate: 'string|null' },
  },
  parseDOM: [
    {
      tag: 'iframe[src]',
      getAttrs: (dom: HTMLElement) => {
        const embed = embedFromLink(dom.getAttribute('src') ?? '')
        return embed ? { src: embedUrl(embed), title: dom.getAttribute('title') } : false
      },
    },
    // Any other frame goes, with the text its element holds.
    { tag: 'iframe', ignore: true },
  ],
  toDOM: (node) => {
    const src = node.attrs.src as string
    // A URL that slipped past the rules (an edited attribute) is written as nothing.
    return ['iframe', { src: parseEmbedUrl(src) ? src : null, title: node.attrs.title as string | null }]
  },
  parseMarkdown: { match: () => false, runner: () => {} },
  toMarkdown: { match: () => false, runner: () => {} },
}))

/** The box the editor shows for an embed: its title and provider, nothing loaded. */
export const videoEmbedView = $view(videoEmbedSchema.node, (): NodeViewConstructor => (node) => {
  const dom = document.createElement('div')
  dom.className = 'rte-video'
  dom.contentEditable = 'false'
  const render = (current: Node) => {
    const embed = parseEmbedUrl(current.attrs.src as string)
    const title = (current.attrs.title as string | null)?.trim() || 'Untitled video'
    dom.dataset.provider = embed?.provider ?? ''
    dom.replaceChildren(
      Object.assign(document.createElement('span'), { className: 'rte-video__play', ariaHidden: 'true', textContent: '▶' }),
      Object.assign(document.createElement('span'), { className: 'rte-video__title', textContent: title }),
      Object.assign(document.createElement('span'), { className: 'rte-video__note', textContent: embed ? `${PROVIDER_NAMES[embed.provider]} video: plays on the post page when a visitor asks` : 'Not a video a post may embed' }),
    )
  }
  render(node)
  return {
    dom,
    update: (updated) => {
      if (updated.type.name !== VIDEO_EMBED) return false
      render(updated)
      return true
    },
    ignoreMutation: () => true,
  }
})

export interface VideoInput {
  /** The stored embed URL (core/video-embeds.ts embedUrl). */
  src: string
  title: string
}

/** The embed node the Insert video button would edit, when one is selected. */
export function selectedVideo(state: EditorState) {
  const { selection } = state
  return selection instanceof NodeSelection && selection.node.type.name === VIDEO_EMBED ? selection : null
}

/** Inserts an embed at the selection (a block of its own, the cursor after it), or updates the selected one. */
export function insertVideo({ src, title }: VideoInput): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes[VIDEO_EMBED]
    if (!type || !parseEmbedUrl(src)) return false
    const attrs = { src, title: title.trim() === '' ? null : title.trim() }
    const tr = state.tr
    const selected = selectedVideo(state)
    if (selected) tr.setNodeMarkup(selected.from, null, attrs)
    else if (insertBlock(tr, type.create(attrs)) === -1) return false
    dispatch?.(tr.scrollIntoView())
    return true
  }
}
