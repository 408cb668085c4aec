import * as Dialog from '@radix-ui/react-dialog'
import { useLayoutEffect, useRef } from 'react'
import type { VersionRef } from '../../../../core/contract/index.ts'
import { formatWhen } from './history-dates.ts'

/**
 * "Restore this version?" in the admin's own modal (Radix: focus trapped, Escape closes, focus
 * back to the button that opened it), naming the post and the version (its date and author). Cancel comes
 * first, so Enter on the dialog as it opens changes nothing. As the editor's dialogs, no Radix
 * Overlay (its scroll lock injects a <style> the Content-Security-Policy blocks).
 */
export function RestoreDialog(props: {
  open: boolean
  postTitle: string
  version: VersionRef
  /** A deleted post comes back; a live one goes back to that version. */
  deleted: boolean
  restoring: boolean
  /** What goes back, as the sentence starts: "The post" (default), "The page". */
  subject?: string
  onCancel: () => void
  onRestore: () => void
}) {
  const { postTitle, version } = props
  const when = formatWhen(version.date)
  // Opened from a button of ours, not a Radix Trigger: Radix would return focus to no trigger, so
  // the element focused as it opens (before Radix moves focus into it) is remembered here.
  const openedFrom = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (props.open) openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [props.open])
  const returnFocus = (event: Event) => {
    if (!openedFrom.current?.isConnected) return
    event.preventDefault()
    openedFrom.current.focus()
  }
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => open || props.onCancel()}>
      <Dialog.Portal>
        <div className="rte-dialog-layer">
          <Dialog.Content className="rte-dialog" role="alertdialog" onCloseAutoFocus={returnFocus}>
            <Dialog.Title className="rte-dialog__title">{props.deleted ? `Restore “${postTitle}”?` : `Restore this version of “${postTitle}”?`}</Dialog.Title>
            <Dialog.Description className="rte-dialog__description">
              {props.subject ?? 'The post'} {props.deleted ? 'comes back as' : 'goes back to'} the version of {when} by {version.author.name} ({version.commit.slice(0, 7)}). It
              becomes the current one as a new commit; nothing is lost from history.
            </Dialog.Description>
            <div className="admin-restore__actions">
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="button" className="button button--primary" disabled={props.restoring} onClick={props.onRestore}>
                {props.restoring ? 'Restoring...' : 'Restore'}
              </button>
            </div>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
