import * as Dialog from '@radix-ui/react-dialog'
import type { FormEvent, ReactNode } from 'react'

export interface EditorDialogProps {
  open: boolean
  title: string
  description: string
  /** Closing without applying (Escape, Cancel, the close button, a click outside). */
  onCancel: () => void
  onSubmit: () => void
  /** Where the focus goes on close; by default back where it was when the dialog opened. */
  onCloseAutoFocus?: (event: Event) => void
  submitLabel: string
  /** Extra buttons before Cancel (Remove link). */
  extraActions?: ReactNode
  children: ReactNode
}

/**
 * The Link and Image dialogs' frame: a Radix modal (focus trapped, Escape closes, focus goes
 * back) with a form. Like the pricing page's dialogs it leaves out Radix's Overlay, whose scroll
 * lock injects a <style> element the Content-Security-Policy blocks; `.rte-dialog-layer` is the
 * backdrop.
 */
export function EditorDialog(props: EditorDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // React events bubble through portals along the component tree: without this, applying a
    // link would also submit the post form the editor sits in (and save the post).
    event.stopPropagation()
    props.onSubmit()
  }
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => open || props.onCancel()}>
      <Dialog.Portal>
        <div className="rte-dialog-layer">
          <Dialog.Content className="rte-dialog" onCloseAutoFocus={props.onCloseAutoFocus}>
            <Dialog.Title className="rte-dialog__title">{props.title}</Dialog.Title>
            <Dialog.Description className="rte-dialog__description">{props.description}</Dialog.Description>
            <form className="rte-dialog__form" onSubmit={submit} noValidate>
              {props.children}
              <div className="rte-dialog__actions">
                {props.extraActions}
                <Dialog.Close asChild>
                  <button type="button" className="button">
                    Cancel
                  </button>
                </Dialog.Close>
                <button type="submit" className="button button--primary">
                  {props.submitLabel}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
