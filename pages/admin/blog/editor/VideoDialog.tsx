import { useId, useState } from 'react'
import { embedFromLink, embedUrl, PROVIDER_NAMES, VIDEO_PROVIDERS } from '../../../../core/video-embeds.ts'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import type { VideoInput } from './video-embed-node.ts'

/** What the Insert video button found at the selection. */
export interface VideoRequest {
  /** The embed being edited (its stored URL), '' for a new one. */
  src: string
  name: string
  editing: boolean
}

export interface VideoDialogProps {
  request: VideoRequest | null
  onApply: (video: VideoInput) => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

const PROVIDERS = VIDEO_PROVIDERS.map((provider) => PROVIDER_NAMES[provider]).join(' or ')
export const VIDEO_LINK_MESSAGE = `This is not a ${PROVIDERS} video link. Paste the address of the video's page, e.g. https://www.youtube.com/watch?v=… or https://vimeo.com/123456.`
export const VIDEO_NAME_MESSAGE = 'Name the video: screen readers say it on its play button.'

/**
 * Inserts or edits a video embed: the link a person copies from YouTube or Vimeo (a watch page, a
 * short link, a share box's embed address) is turned into the one form a post stores
 * (core/video-embeds.ts); anything else is refused with the reason. The name is asked every
 * time: it names the frame and its play button for people who cannot see them.
 */
export function VideoDialog({ request, onApply, onCancel, onCloseAutoFocus }: VideoDialogProps) {
  const [link, setLink] = useState(request?.src ?? '')
  const [name, setName] = useState(request?.name ?? '')
  const [linkError, setLinkError] = useState('')
  const [nameError, setNameError] = useState('')
  const linkId = useId()
  const nameId = useId()

  const submit = () => {
    const embed = embedFromLink(link)
    if (!embed) {
      setLinkError(VIDEO_LINK_MESSAGE)
      document.getElementById(linkId)?.focus()
      return
    }
    if (name.trim() === '') {
      setNameError(VIDEO_NAME_MESSAGE)
      document.getElementById(nameId)?.focus()
      return
    }
    onApply({ src: embedUrl(embed), title: name.trim() })
  }

  return (
    <EditorDialog
      open={request !== null}
      title={request?.editing ? 'Edit video' : 'Insert video'}
      description={`A ${PROVIDERS} video. Visitors see a play button: nothing loads from ${PROVIDERS} until they press it.`}
      submitLabel={request?.editing ? 'Apply' : 'Insert'}
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogField
        id={linkId}
        label="Video link"
        url
        placeholder="https://www.youtube.com/watch?v=…"
        value={link}
        error={linkError}
        onChange={(value) => {
          setLink(value)
          setLinkError('')
        }}
      />
      <DialogField
        id={nameId}
        label="Video name"
        hint="Read out as “Play video: …” by screen readers."
        value={name}
        error={nameError}
        onChange={(value) => {
          setName(value)
          setNameError('')
        }}
      />
    </EditorDialog>
  )
}
