import { useId, useState } from 'react'
import type { MediaItem } from '../../../../core/contract/index.ts'
import { mediaDisplayName } from '../media/media-name.ts'
import { MediaSource } from '../media/MediaSource.tsx'
import { useMediaUpload } from '../media/use-media-upload.ts'
import type { LinkBlockInput } from './block-commands.ts'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import { linkHrefFromInput } from './url-rules.ts'

export type LinkBlockKind = 'button' | 'download'

const TEXT = {
  button: {
    title: 'Insert button',
    description: 'A link shown as a button: its label and the address it opens.',
    label: 'Button label',
    missing: 'Write the button’s label.',
  },
  download: {
    title: 'Insert file download',
    description: 'A link that downloads a file: from the media library, or by its address.',
    label: 'File name',
    missing: 'Name the file, as readers will see it.',
  },
} as const

export const LINK_BLOCK_ADDRESS_MESSAGE = 'Enter an address: https://…, mailto:…, tel:… or a page of this site (/…).'

/**
 * A button's or a file download's label and address (an address the link rules refuse, as the
 * Link dialog's, is said and not inserted). A download's file may come from the media library.
 * Opened in a button or download, it changes that one.
 */
export function LinkBlockDialog(props: {
  kind: LinkBlockKind | null
  /** The button or download the cursor is in, to change; null for a new one. */
  editing: LinkBlockInput | null
  onApply: (input: LinkBlockInput) => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}) {
  const kind = props.kind ?? 'button'
  const text = TEXT[kind]
  const [label, setLabel] = useState(props.editing?.text ?? '')
  const [address, setAddress] = useState(props.editing?.href ?? '')
  const [labelError, setLabelError] = useState('')
  const [addressError, setAddressError] = useState('')
  const labelId = useId()
  const addressId = useId()
  const takeItem = (item: MediaItem) => {
    setAddress(item.url)
    setAddressError('')
    if (label.trim() === '') setLabel(mediaDisplayName(item.url))
  }
  const upload = useMediaUpload(takeItem)

  const submit = () => {
    const href = linkHrefFromInput(address)
    if (href === '') {
      setAddressError(LINK_BLOCK_ADDRESS_MESSAGE)
      document.getElementById(addressId)?.focus()
      return
    }
    if (label.trim() === '') {
      setLabelError(text.missing)
      document.getElementById(labelId)?.focus()
      return
    }
    props.onApply({ text: label, href })
  }

  return (
    <EditorDialog
      open={props.kind !== null}
      title={props.editing ? text.title.replace('Insert', 'Edit') : text.title}
      description={text.description}
      submitLabel={props.editing ? 'Apply' : 'Insert'}
      onSubmit={submit} onCancel={props.onCancel} onCloseAutoFocus={props.onCloseAutoFocus}>
      <DialogField
        id={addressId}
        label={kind === 'button' ? 'Link address' : 'File address'}
        url
        placeholder={kind === 'button' ? 'https://example.com/' : '/media/…'}
        value={address}
        error={addressError}
        onChange={(value) => {
          setAddress(value)
          setAddressError('')
        }}
      />
      {kind === 'download' && <MediaSource upload={upload} onChoose={takeItem} focusAfterChoice={() => document.getElementById(labelId)?.focus()} />}
      <DialogField
        id={labelId}
        label={text.label}
        value={label}
        error={labelError}
        onChange={(value) => {
          setLabel(value)
          setLabelError('')
        }}
      />
    </EditorDialog>
  )
}
