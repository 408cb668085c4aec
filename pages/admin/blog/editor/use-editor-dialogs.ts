import { useCallback, useRef, useState } from 'react'
import type { EditorBridge } from './editor-bridge.ts'
import { selectedLink } from './editor-commands.ts'
import { selectedCaption, selectedImage } from './image-commands.ts'
import type { ImageRequest } from './ImageDialog.tsx'
import type { LinkRequest } from './LinkDialog.tsx'
import type { EditorDialogKind } from './toolbar-items.ts'
import { selectedMediaFile } from './media-file-node.ts'
import type { MediaFileRequest } from './MediaFileDialog.tsx'
import { selectedVideo } from './video-embed-node.ts'
import type { VideoRequest } from './VideoDialog.tsx'

/**
 * The editor's Link, Image and video dialogs: which one is open and with what, applying a change, and
 * where the focus goes when one closes.
 */
export function useEditorDialogs(bridge: EditorBridge) {
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null)
  const [imageRequest, setImageRequest] = useState<ImageRequest | null>(null)
  const [videoRequest, setVideoRequest] = useState<VideoRequest | null>(null)
  const [mediaFileRequest, setMediaFileRequest] = useState<MediaFileRequest | null>(null)
  // Bumped on every opening, as the dialogs' key: each opening starts with fresh fields.
  const [opening, setOpening] = useState(0)
  // Whether the dialog being closed applied its change: then the text gets the focus back;
  // otherwise whatever had it when the dialog opened (the Link button, or the text for Mod-k).
  const applied = useRef(false)
  const focusedBefore = useRef<HTMLElement | null>(null)

  const openDialog = useCallback(
    (kind: EditorDialogKind) => {
      const view = bridge.view
      if (!view || !view.editable) return
      applied.current = false
      focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setOpening((n) => n + 1)
      if (kind === 'link') {
        const link = selectedLink(view.state)
        setLinkRequest({ href: (link?.mark.attrs.href as string | null) ?? '', editing: link !== null, needsText: link === null && view.state.selection.empty })
      } else if (kind === 'video-file' || kind === 'audio-file') {
        setMediaFileRequest(mediaFileRequestOf(view.state, kind === 'video-file' ? 'video' : 'audio'))
      } else if (kind === 'video') {
        const video = selectedVideo(view.state)
        setVideoRequest({ src: (video?.node.attrs.src as string) ?? '', name: (video?.node.attrs.title as string | null) ?? '', editing: video !== null })
      } else {
        const image = selectedImage(view.state)
        const alt = (image?.node.attrs.alt as string | null) ?? null
        const caption = selectedCaption(view.state)
        setImageRequest({ src: (image?.node.attrs.src as string) ?? '', alt: alt ?? '', caption, editing: image !== null, decorative: alt === '' })
      }
    },
    [bridge],
  )

  /**
   * An image file dropped (at `at`) or pasted into the text: the Image dialog uploads it and asks
   * for its alt, filled in with the copied image's own when it had one.
   */
  const openImageUpload = useCallback(
    (file: File, at: number | undefined, alt = '') => {
      const view = bridge.view
      if (!view || !view.editable) return
      applied.current = false
      focusedBefore.current = view.dom
      setOpening((n) => n + 1)
      setImageRequest({ src: '', alt, editing: false, file, at })
    },
    [bridge],
  )

  const closeDialogs = () => {
    setLinkRequest(null)
    setImageRequest(null)
    setVideoRequest(null)
    setMediaFileRequest(null)
  }
  const apply = (command: Parameters<EditorBridge['run']>[0]) => {
    applied.current = true
    bridge.run(command)
    closeDialogs()
  }
  // Radix's modal dialog returns the focus to its Trigger only, and these dialogs have none.
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault()
    const before = focusedBefore.current
    if (applied.current || !before?.isConnected || before === bridge.view?.dom) bridge.focus()
    else before.focus()
  }

  return { linkRequest, imageRequest, videoRequest, mediaFileRequest, opening, openDialog, openImageUpload, closeDialogs, apply, onCloseAutoFocus }
}

/** The selected player of that kind, to edit, or a new one. */
function mediaFileRequestOf(state: Parameters<typeof selectedMediaFile>[0], kind: MediaFileRequest['kind']): MediaFileRequest {
  const selected = selectedMediaFile(state)
  const attrs = selected?.node.attrs.kind === kind ? (selected.node.attrs as Record<string, string | null>) : null
  if (!attrs) return { kind, src: '', poster: '', captions: '', srclang: '', label: '', editing: false }
  return { kind, src: attrs.src ?? '', poster: attrs.poster ?? '', captions: attrs.captions ?? '', srclang: attrs.srclang ?? '', label: attrs.label ?? '', editing: true }
}
