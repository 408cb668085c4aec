import { useId, useState } from 'react'
import type { MediaItem } from '../../../../core/contract/index.ts'
import { isAllowedUrl } from '../../../../core/post-html-rules.ts'
import { mediaDisplayName } from '../media/media-name.ts'
import { MediaSource } from '../media/MediaSource.tsx'
import { useMediaUpload } from '../media/use-media-upload.ts'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import type { MediaFileInput, MediaFileKind } from './media-file-node.ts'

/** What the Insert video file or audio file button found at the selection. */
export interface MediaFileRequest extends MediaFileInput {
  editing: boolean
}

export interface MediaFileDialogProps {
  request: MediaFileRequest | null
  onApply: (file: MediaFileInput, caption: string) => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

const WORDS: Record<MediaFileKind, { title: string; one: string; description: string }> = {
  video: {
    title: 'video file',
    one: 'a video',
    description: 'An MP4 (H.264) or WebM video from the media library, played as uploaded with the browser’s controls; it never plays on its own.',
  },
  audio: {
    title: 'audio file',
    one: 'an audio file',
    description: 'An MP3, M4A, Ogg or WAV file from the media library, played as uploaded with the browser’s controls; it never plays on its own.',
  },
}

/** A library file chosen for one part of the player, with its Upload and Choose buttons. */
function FilePart(props: { label: string; kind: MediaItem['kind']; url: string; onChange: (url: string) => void; optional?: boolean; error?: string }) {
  const { label, kind, url, onChange, optional = false, error } = props
  const upload = useMediaUpload((item) => onChange(item.url))
  const id = useId()
  return (
    <div className="rte-field" role="group" aria-labelledby={id}>
      <span id={id} className="rte-field__label">
        {label}
      </span>
      <p className="rte-field__value" aria-live="polite">
        {url ? mediaDisplayName(url) : optional ? 'None' : 'None chosen yet'}
        {url && optional && (
          <button type="button" className="button" onClick={() => onChange('')}>
            Remove
          </button>
        )}
      </p>
      <MediaSource kind={kind} upload={upload} onChoose={(item) => onChange(item.url)} />
      {error && (
        <p className="rte-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * Inserts or edits a video or audio file of the media library: the file itself (uploaded here or
 * chosen), and for a video an optional poster image and captions file (WebVTT, with their
 * language and name). A caption may be given, shown under the player.
 */
export function MediaFileDialog({ request, onApply, onCancel, onCloseAutoFocus }: MediaFileDialogProps) {
  const kind = request?.kind ?? 'video'
  const words = WORDS[kind]
  const [src, setSrc] = useState(request?.src ?? '')
  const [poster, setPoster] = useState(request?.poster ?? '')
  const [captions, setCaptions] = useState(request?.captions ?? '')
  const [srclang, setSrclang] = useState(request?.srclang || 'en')
  const [label, setLabel] = useState(request?.label || 'English')
  const [caption, setCaption] = useState('')
  const [error, setError] = useState('')
  const srclangId = useId()
  const labelId = useId()
  const captionId = useId()

  const submit = () => {
    if (!isAllowedUrl(kind, src)) {
      setError(`Upload ${words.one} or choose one from the library.`)
      return
    }
    onApply({ kind, src, poster, captions, srclang, label }, caption)
  }

  return (
    <EditorDialog
      open={request !== null}
      title={request?.editing ? `Edit ${words.title}` : `Insert ${words.title}`}
      description={words.description}
      submitLabel={request?.editing ? 'Apply' : 'Insert'}
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <FilePart
        label={kind === 'video' ? 'Video' : 'Audio'}
        kind={kind}
        url={src}
        error={error}
        onChange={(url) => {
          setSrc(url)
          setError('')
        }}
      />
      {kind === 'video' && (
        <>
          <FilePart label="Poster image (optional)" kind="image" url={poster} optional onChange={setPoster} />
          <FilePart label="Captions (optional, WebVTT)" kind="captions" url={captions} optional onChange={setCaptions} />
          {captions && (
            <>
              <DialogField id={srclangId} label="Captions language" hint="A language code: en, fr, pt-BR." value={srclang} onChange={setSrclang} />
              <DialogField id={labelId} label="Captions name" hint="What the player's captions menu shows." value={label} onChange={setLabel} />
            </>
          )}
        </>
      )}
      {!request?.editing && (
        <DialogField id={captionId} label="Caption (optional)" value={caption} hint="Shown under the player. Edit it in the text later." onChange={setCaption} />
      )}
    </EditorDialog>
  )
}
