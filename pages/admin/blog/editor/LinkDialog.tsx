import { useId, useState } from 'react'
import { DialogField } from './DialogField.tsx'
import { EditorDialog } from './EditorDialog.tsx'
import { LINK_RULE_TEXT, linkHrefFromInput } from './url-rules.ts'

/** What the Link button found at the selection when it opened the dialog. */
export interface LinkRequest {
  /** The link being edited, '' for a new one. */
  href: string
  editing: boolean
  /** Nothing is selected: the dialog also asks for the text to show. */
  needsText: boolean
}

export interface LinkDialogProps {
  request: LinkRequest | null
  onApply: (link: { href: string; text: string }) => void
  onRemove: () => void
  onCancel: () => void
  onCloseAutoFocus: (event: Event) => void
}

/**
 * Adds, edits or removes a link. The URL goes through SPEC §5's rule: http, https, mailto and
 * tel stay, and so do the site's own paths (/pricing, #faq); anything else (javascript:…) is
 * applied as a blank link, never as typed. Its hint says so (url-rules.ts LINK_RULE_TEXT).
 */
export function LinkDialog({ request, onApply, onRemove, onCancel, onCloseAutoFocus }: LinkDialogProps) {
  const [url, setUrl] = useState(request?.href ?? '')
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [textError, setTextError] = useState('')
  const urlId = useId()
  const textId = useId()

  const submit = () => {
    if (url.trim() === '') {
      setError('Enter the address the link goes to.')
      document.getElementById(urlId)?.focus()
      return
    }
    const href = linkHrefFromInput(url)
    if (request?.needsText && text.trim() === '' && href === '') {
      // The URL itself would be the text: never show a refused URL (javascript:…) as the link text.
      setError('')
      setTextError('Enter the text to show for this link.')
      document.getElementById(textId)?.focus()
      return
    }
    onApply({ href, text: text.trim() === '' ? href : text })
  }

  return (
    <EditorDialog
      open={request !== null}
      title={request?.editing ? 'Edit link' : 'Insert link'}
      description={LINK_RULE_TEXT}
      submitLabel="Apply"
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
      extraActions={
        request?.editing ? (
          <button type="button" className="button rte-dialog__remove" onClick={onRemove}>
            Remove link
          </button>
        ) : undefined
      }
    >
      <DialogField
        id={urlId}
        label="URL"
        url
        placeholder="https://example.com"
        value={url}
        error={error}
        onChange={(value) => {
          setUrl(value)
          setError('')
        }}
      />
      {request?.needsText && (
        <DialogField
          id={textId}
          label="Text"
          value={text}
          error={textError}
          onChange={(value) => {
            setText(value)
            setTextError('')
          }}
        />
      )}
    </EditorDialog>
  )
}
