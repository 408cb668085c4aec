import '@milkdown/kit/prose/view/style/prosemirror.css'
import '@milkdown/kit/prose/gapcursor/style/gapcursor.css'
import { Milkdown, MilkdownProvider, useEditor } from '@milkdown/react'
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createEditor } from './create-editor.ts'
import { EditorBridge } from './editor-bridge.ts'
import { removeLink, setLink } from './editor-commands.ts'
import { insertImage } from './image-commands.ts'
import { ImageDialog } from './ImageDialog.tsx'
import { LinkDialog } from './LinkDialog.tsx'
import { TABLE_GROUPS } from './table-toolbar-items.ts'
import { Toolbar } from './Toolbar.tsx'
import type { EditorDialogKind } from './toolbar-items.ts'
import { useEditorDialogs } from './use-editor-dialogs.ts'
import { insertMediaFile } from './media-file-node.ts'
import { MediaFileDialog } from './MediaFileDialog.tsx'
import { insertVideo } from './video-embed-node.ts'
import { VideoDialog } from './VideoDialog.tsx'
import './editor.css'

export interface RichTextEditorProps {
  /** HTML the editor opens with; the form remounts the editor (React key) to load another post. */
  initialHtml: string
  /** Called with the current HTML after every change (not on mount). */
  onChange: (html: string) => void
  /** id of the visible "Content*" label element: the editable area gets aria-labelledby. */
  labelId: string
  disabled?: boolean
  /** The id of the message saying what is wrong with the content: the editable area is marked invalid and described by it. */
  errorId?: string
}

/**
 * The blog admin's rich-text editor (SPEC §2 toolbar, §5 rules): Milkdown with HTML in and
 * out. The HTML it reports is already in the form the server stores (normalize-html.ts).
 * Loaded lazily by the post form, so neither Milkdown nor this CSS reaches a public page.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  return (
    <MilkdownProvider>
      <EditorWithToolbar {...props} />
    </MilkdownProvider>
  )
}

function EditorWithToolbar({ initialHtml, onChange, labelId, disabled = false, errorId }: RichTextEditorProps) {
  const [bridge] = useState(() => new EditorBridge())
  const { linkRequest, imageRequest, videoRequest, mediaFileRequest, opening, openDialog, openImageUpload, closeDialogs, apply, onCloseAutoFocus } = useEditorDialogs(bridge)

  // The editor is built once; it reads the latest props through this ref.
  const latest = useRef({ onChange, disabled, errorId, openDialog: (_kind: EditorDialogKind) => {}, openImageUpload: (_file: File, _at: number | undefined, _alt?: string) => {} })

  useLayoutEffect(() => {
    latest.current = { onChange, disabled, errorId, openDialog, openImageUpload }
  })

  useEditor(
    (root) =>
      createEditor({
        root,
        initialHtml,
        labelId,
        bridge,
        isEditable: () => !latest.current.disabled,
        errorId: () => latest.current.errorId ?? null,
        onChange: (html) => latest.current.onChange(html),
        openLinkDialog: () => latest.current.openDialog('link'),
        onImageFile: (file, at, alt) => latest.current.openImageUpload(file, at, alt),
      }),
    [],
  )

  const inTable = useSyncExternalStore(bridge.subscribe, () => bridge.getSnapshot().table !== null, () => false)
  const tableToolbar = useRef<HTMLDivElement>(null)
  // Alt+F10, as in other editors, moves from the text to the table toolbar (Shift+Tab from the first cell does too).
  const toTableToolbar = (event: KeyboardEvent) => {
    if (event.key !== 'F10' || !event.altKey || !tableToolbar.current) return
    event.preventDefault()
    tableToolbar.current.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
  }

  // ProseMirror reads `editable` (and the attributes) again on setProps.
  useEffect(() => {
    bridge.view?.setProps({})
    bridge.refresh()
  }, [bridge, disabled, errorId])

  return (
    <div className={disabled ? 'rte rte--disabled' : 'rte'}>
      {/* One sticky box: the table toolbar stays on screen under the other while a table is edited. */}
      <div className="rte__toolbars">
        <Toolbar bridge={bridge} disabled={disabled} onOpenDialog={openDialog} />
        {inTable && (
          <div ref={tableToolbar} className="rte__table-toolbar">
            <Toolbar bridge={bridge} disabled={disabled} onOpenDialog={openDialog} groups={TABLE_GROUPS} label="Table" />
          </div>
        )}
      </div>
      <div className="rte__surface" onKeyDown={toTableToolbar}>
        <Milkdown />
      </div>
      <LinkDialog
        key={`link-${opening}`}
        request={linkRequest}
        onApply={(link) => apply(setLink(link))}
        onRemove={() => apply(removeLink)}
        onCancel={closeDialogs}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <ImageDialog
        key={`image-${opening}`}
        request={imageRequest}
        onApply={(image) => apply(insertImage(image, imageRequest?.at))}
        onCancel={closeDialogs}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <VideoDialog key={`video-${opening}`} request={videoRequest} onApply={(video) => apply(insertVideo(video))} onCancel={closeDialogs} onCloseAutoFocus={onCloseAutoFocus} />
      <MediaFileDialog
        key={`media-file-${opening}`}
        request={mediaFileRequest}
        onApply={(file, caption) => apply(insertMediaFile(file, caption))}
        onCancel={closeDialogs}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </div>
  )
}
