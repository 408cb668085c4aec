import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { formatBytes, type MediaItem, type MediaKind, MEDIA_PER_PAGE } from '../../../../core/contract/index.ts'
import { adminQueries } from '../../api/admin-queries.ts'
import { acceptedTypesOf } from './accepted-image-types.ts'
import { mediaDisplayName, thumbnailSize } from './media-name.ts'
import { UploadButton } from './UploadButton.tsx'
import { UploadStatus } from './UploadStatus.tsx'
import { deleteFailureMessage, useDeleteMedia, useMediaLibrary } from './use-media-library.ts'
import { useMediaUpload } from './use-media-upload.ts'
import { fileDropHandlers } from './file-drop.ts'

const SEARCH_DELAY_MS = 250

export interface MediaLibraryDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  onChoose: (item: MediaItem) => void
  /** Where the focus goes when it closes; by default back to what opened it. */
  onCloseAutoFocus?: (event: Event) => void
  /** Which files it lists and uploads: images unless said (a video file, an audio file, captions). */
  kind?: MediaKind
}

/** What the library is called on for each kind: its files' name, one of them, and how they are chosen. */
const KIND_WORDS: Record<MediaKind, { plural: string; one: string; note: string }> = {
  image: { plural: 'images', one: 'an image', note: 'The post gets the full image; these are small previews.' },
  video: { plural: 'videos', one: 'a video', note: 'MP4 (H.264) or WebM, played as uploaded: nothing is converted.' },
  audio: { plural: 'audio files', one: 'an audio file', note: 'MP3, M4A, Ogg or WAV, played as uploaded.' },
  captions: { plural: 'captions files', one: 'a captions file', note: 'WebVTT (.vtt) captions, shown over the video.' },
}

/**
 * The media library: a page of thumbnails (the 320 px variants, never the originals)
 * with each image's size and the posts that use it; choosing one hands it back. An image
 * uploaded here (Upload, or a file dropped on the library) comes first in it, focused and marked,
 * to be chosen or left for later. A Radix modal,
 * like the editor's dialogs without Radix's Overlay (its scroll lock injects a <style> element
 * the Content-Security-Policy blocks): `.media-dialog-layer` is the backdrop. It may open over
 * the editor's Image dialog; Radix stacks the two (focus, Escape, outside clicks).
 */
export function MediaLibraryDialog({ open, onOpenChange, onChoose, onCloseAutoFocus, kind = 'image' }: MediaLibraryDialogProps) {
  const words = KIND_WORDS[kind]
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div className="media-dialog-layer">
          <Dialog.Content className="media-dialog" onCloseAutoFocus={onCloseAutoFocus}>
            <Dialog.Title className="media-dialog__title">Media library</Dialog.Title>
            <Dialog.Description className="media-dialog__description">
              Choose {words.one}, or upload one (or drop it here). {words.note}
            </Dialog.Description>
            {open && <LibraryBody onChoose={onChoose} kind={kind} />}
            <div className="media-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Close
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function LibraryBody({ onChoose, kind }: { onChoose: (item: MediaItem) => void; kind: MediaKind }) {
  const words = KIND_WORDS[kind]
  const [search, setSearch] = useState('')
  const [settledSearch, setSettledSearch] = useState('')
  const [page, setPage] = useState(1)
  const [deleteProblem, setDeleteProblem] = useState('')
  const searchId = useId()
  const library = useMediaLibrary({ page, search: settledSearch, kind }, true)
  const remove = useDeleteMedia()
  // Removing an image another post may show is for editors and admins (the server says so too).
  const mayDelete = useQuery(adminQueries.me()).data?.role !== 'author'
  // The image just uploaded here: marked, and focused once its card is on screen.
  const [uploaded, setUploaded] = useState<{ item: MediaItem; focused: boolean } | null>(null)
  const upload = useMediaUpload((item) => {
    // The whole library's first page, where the new image is (the hook refetches it).
    setSearch('')
    setSettledSearch('')
    setPage(1)
    setUploaded({ item, focused: false })
  })

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSettledSearch(search)
      setPage(1)
    }, search === '' ? 0 : SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  const pages = Math.max(1, Math.ceil((library.data?.total ?? 0) / MEDIA_PER_PAGE))
  const items = library.data?.items ?? []

  const deleteItem = (item: MediaItem) => {
    if (!window.confirm(`Delete ${mediaDisplayName(item.url)} from the library?`)) return
    setDeleteProblem('')
    remove.mutate(item, { onError: (error) => setDeleteProblem(deleteFailureMessage(error)) })
  }

  return (
    <div
      className="media-library"
      {...fileDropHandlers((file) => void upload.start(file))}
    >
      <div className="media-library__search">
        <label htmlFor={searchId}>Search media</label>
        <input id={searchId} type="search" value={search} autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
      </div>
      <div className="media-library__upload">
        <UploadButton upload={upload} label={`Upload ${words.one}`} accept={acceptedTypesOf(kind)} />
        <UploadStatus upload={upload} />
        {uploaded && !upload.uploading && !upload.error && (
          <p role="status" className="media-library__uploaded">
            Uploaded {mediaDisplayName(uploaded.item.url)}.
          </p>
        )}
      </div>
      {deleteProblem && (
        <p className="media-error" role="alert">
          {deleteProblem}
        </p>
      )}
      {library.isPending ? (
        <p role="status">Loading the library…</p>
      ) : library.isError ? (
        <p className="media-error" role="alert">
          The library could not be loaded: {library.error.message}
        </p>
      ) : items.length === 0 ? (
        <p role="status">{settledSearch ? `No ${words.plural} match this search.` : `No ${words.plural} in the library yet: upload one.`}</p>
      ) : (
        <ul className="media-grid" aria-label={words.plural[0]!.toUpperCase() + words.plural.slice(1)} aria-busy={library.isPlaceholderData || undefined}>
          {items.map((item) => (
            <MediaCard
              key={item.id}
              item={item}
              onChoose={onChoose}
              onDelete={mayDelete ? deleteItem : undefined}
              deleting={remove.isPending && remove.variables?.id === item.id}
              isNew={uploaded?.item.id === item.id}
              focusNow={uploaded?.item.id === item.id && !uploaded.focused}
              onFocused={() => setUploaded((current) => current && { ...current, focused: true })}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="media-pages" aria-label="Library pages">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  )
}

interface MediaCardProps {
  item: MediaItem
  onChoose: (item: MediaItem) => void
  /** Absent for an author: no Delete. */
  onDelete?: (item: MediaItem) => void
  deleting: boolean
  /** Just uploaded here: marked as such. */
  isNew?: boolean
  /** Takes the focus as it appears (then says so with onFocused). */
  focusNow?: boolean
  onFocused?: () => void
}

function MediaCard(props: MediaCardProps) {
  const { item, onChoose, onDelete, deleting, isNew = false, focusNow = false, onFocused } = props
  const detailsId = useId()
  const choose = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!focusNow) return
    choose.current?.focus()
    onFocused?.()
  }, [focusNow, onFocused])
  const name = mediaDisplayName(item.url)
  const usedBy = item.usedBy.map((post) => post.title || post.slug).join(', ')
  return (
    <li className={isNew ? 'media-card media-card--new' : 'media-card'}>
      <button ref={choose} type="button" className="media-card__choose" aria-label={`Choose ${name}`} aria-describedby={detailsId} onClick={() => onChoose(item)}>
        <CardPreview item={item} />
      </button>
      <p id={detailsId} className="media-card__details">
        <span className="media-card__name">{name}</span>
        {isNew && <span className="media-card__new">Just uploaded</span>}
        <span>{item.kind === 'image' ? `${item.width} × ${item.height} · ${formatBytes(item.bytes)}` : `${KIND_NAMES[item.kind]} · ${formatBytes(item.bytes)}`}</span>
        <span>{usedBy ? `Used in: ${usedBy}` : 'Not used in any post'}</span>
      </p>
      {onDelete && (
        <button type="button" className="media-card__delete" aria-label={`Delete ${name}`} disabled={deleting} onClick={() => onDelete(item)}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      )}
    </li>
  )
}

const KIND_NAMES: Record<MediaKind, string> = { image: 'Image', video: 'Video', audio: 'Audio', captions: 'Captions' }

/** An image's thumbnail; for a video, an audio or a captions file (nothing of it is loaded here), a tile that says which. */
function CardPreview({ item }: { item: MediaItem }) {
  if (item.kind !== 'image') {
    return (
      <span className={`media-card__file media-card__file--${item.kind}`} aria-hidden="true">
        {item.kind === 'video' ? '▶' : item.kind === 'audio' ? '♪' : 'CC'}
      </span>
    )
  }
  const { width, height } = thumbnailSize(item)
  // width/height keep the card's room before the image arrives; lazy: only what is seen loads.
  return <img src={item.thumbnailUrl} width={width} height={height} loading="lazy" decoding="async" alt={item.alt} />
}
