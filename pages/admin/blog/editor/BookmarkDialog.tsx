import { useId, useState } from 'react'
import type { MediaItem } from '../../../../core/contract/index.ts'
import { isAllowedImageSource } from '../../../../core/post-html-rules.ts'
import { MediaSource } from '../media/MediaSource.tsx'
import { useMediaUpload } from '../media/use-media-upload.ts'
import type { BookmarkInput } from './bookmark-node.ts'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import { IMAGE_RULE_MESSAGE } from './ImageDialog.tsx'
import { linkHrefFromInput } from './url-rules.ts'

export const BOOKMARK_ADDRESS_MESSAGE = 'Enter the address of the page: https://…'
/** Said under the title: what the server does with the fields left empty (server/services/posts/bookmark-details.ts). */
export const BOOKMARK_FETCH_HINT = 'Leave the title empty and, when the post is saved, the title, description and image you left empty are read from the page, where the server can reach it. What you write is kept.'

/**
 * A bookmark card: the page's address, and its title, a description and an image, each written
 * by hand or left empty: a card saved without a title gets the page's own, and its description
 * and image where they are empty, fetched by the server when it can reach the page (else the
 * card is saved as written). `request` is the card being edited, or empty fields.
 */
export function BookmarkDialog(props: { request: (BookmarkInput & { editing: boolean }) | null; onApply: (input: BookmarkInput) => void; onCancel: () => void; onCloseAutoFocus: (event: Event) => void }) {
  const [fields, setFields] = useState<BookmarkInput>({ href: props.request?.href ?? '', title: props.request?.title ?? '', description: props.request?.description ?? '', image: props.request?.image ?? '' })
  const [errors, setErrors] = useState<Partial<Record<keyof BookmarkInput, string>>>({})
  const ids = { href: useId(), title: useId(), description: useId(), image: useId() }
  const set = (key: keyof BookmarkInput) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: '' }))
  }
  const takeItem = (item: MediaItem) => set('image')(item.url)
  const upload = useMediaUpload(takeItem)

  const refuse = (key: keyof BookmarkInput, message: string) => {
    setErrors({ [key]: message })
    document.getElementById(ids[key])?.focus()
  }
  const submit = () => {
    const href = linkHrefFromInput(fields.href)
    if (href === '') return refuse('href', BOOKMARK_ADDRESS_MESSAGE)
    if (fields.image.trim() !== '' && !isAllowedImageSource(fields.image.trim())) return refuse('image', IMAGE_RULE_MESSAGE)
    props.onApply({ ...fields, href })
  }

  return (
    <EditorDialog
      open={props.request !== null}
      title={props.request?.editing ? 'Edit bookmark' : 'Insert bookmark'}
      description="A card linking to another page, with its title, a description and an image."
      submitLabel={props.request?.editing ? 'Apply' : 'Insert'}
      onSubmit={submit}
      onCancel={props.onCancel}
      onCloseAutoFocus={props.onCloseAutoFocus}
    >
      <DialogField id={ids.href} label="Page address" url placeholder="https://example.com/article" value={fields.href} error={errors.href} onChange={set('href')} />
      <DialogField id={ids.title} label="Title (optional)" hint={BOOKMARK_FETCH_HINT} value={fields.title} error={errors.title} onChange={set('title')} />
      <DialogField id={ids.description} label="Description (optional)" value={fields.description} onChange={set('description')} />
      <DialogField id={ids.image} label="Image URL (optional)" url value={fields.image} error={errors.image} onChange={set('image')} />
      <MediaSource upload={upload} onChoose={takeItem} />
    </EditorDialog>
  )
}
