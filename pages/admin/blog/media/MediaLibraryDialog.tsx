import * as Dialog from '@radix-ui/react-dialog'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { formatBytes, type MediaItem, MEDIA_PER_PAGE } from '../../../../core/contract/index.ts'
import { adminQueries } from '../../api/admin-queries.ts'
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
export function MediaLibraryDialog({ open, onOpenChange, onChoose, onCloseAutoFocus }: MediaLibraryDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div className="media-dialog-layer">
          <Dialog.Content className="media-dialog" onCloseAutoFocus={onCloseAutoFocus}>
            <Dialog.Title className="media-dialog__title">Media library</Dialog.Title>
            <Dialog.Description className="media-dialog__description">
              Choose an image, or upload one (or drop it here). The post gets the full image; these are small previews.
            </Dialog.Description>
            {open && <LibraryBody onChoose={onChoose} />}
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

function LibraryBody({ onChoose }: { onChoose: (item: MediaItem) => void }) {
  const [search, setSearch] = useState('')
  const [settledSearch, setSettledSearch] = useState('')
  const [page, setPage] = useState(1)
  const [deleteProblem, setDeleteProblem] = useState('')
  const searchId = useId()
  const library = useMediaLibrary({ page, search: settledSearch }, true)
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
        <UploadButton upload={upload} label="Upload an image" />
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
        <p role="status">{settledSearch ? 'No images match this search.' : 'No images in the library yet: upload one.'}</p>
      ) : (
        <ul className="media-grid" aria-label="Images" aria-busy={library.isPlaceholderData || undefined}>
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
  const { width, height } = thumbnailSize(item)
  const usedBy = item.usedBy.map((post) => post.title || post.slug).join(', ')
  return (
    <li className={isNew ? 'media-card media-card--new' : 'media-card'}>
      <button ref={choose} type="button" className="media-card__choose" aria-label={`Choose ${name}`} aria-describedby={detailsId} onClick={() => onChoose(item)}>
        {/* width/height keep the card's room before the image arrives; lazy: only what is seen loads. */}
        <img src={item.thumbnailUrl} width={width} height={height} loading="lazy" decoding="async" alt={item.alt} />
      </button>
      <p id={detailsId} className="media-card__details">
        <span className="media-card__name">{name}</span>
        {isNew && <span className="media-card__new">Just uploaded</span>}
        <span>
          {item.width} × {item.height} · {formatBytes(item.bytes)}
        </span>
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
