import '@milkdown/kit/prose/view/style/prosemirror.css'
import { Milkdown, MilkdownProvider, useEditor } from '@milkdown/react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { createEditor } from './create-editor.ts'
import { EditorBridge } from './editor-bridge.ts'
import { insertImage, removeLink, selectedImage, selectedLink, setLink } from './editor-commands.ts'
import { ImageDialog, type ImageRequest } from './ImageDialog.tsx'
import { LinkDialog, type LinkRequest } from './LinkDialog.tsx'
import { Toolbar } from './Toolbar.tsx'
import './editor.css'

export interface RichTextEditorProps {
  /** HTML the editor opens with; the form remounts the editor (React key) to load another post. */
  initialHtml: string
  /** Called with the current HTML after every change (not on mount). */
  onChange: (html: string) => void
  /** id of the visible "Content*" label element: the editable area gets aria-labelledby. */
  labelId: string
  disabled?: boolean
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

function EditorWithToolbar({ initialHtml, onChange, labelId, disabled = false }: RichTextEditorProps) {
  const [bridge] = useState(() => new EditorBridge())
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null)
  const [imageRequest, setImageRequest] = useState<ImageRequest | null>(null)
  // Bumped on every opening, as the dialogs' key: each opening starts with fresh fields.
  const [opening, setOpening] = useState(0)
  // Whether the dialog being closed applied its change: then the text gets the focus back;
  // otherwise whatever had it when the dialog opened (the Link button, or the text for Mod-k).
  const applied = useRef(false)
  const focusedBefore = useRef<HTMLElement | null>(null)

  // The editor is built once; it reads the latest props through this ref.
  const latest = useRef({ onChange, disabled, openDialog: (_kind: 'link' | 'image') => {} })

  const openDialog = useCallback(
    (kind: 'link' | 'image') => {
      const view = bridge.view
      if (!view || !view.editable) return
      applied.current = false
      focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setOpening((n) => n + 1)
      if (kind === 'link') {
        const link = selectedLink(view.state)
        setLinkRequest({ href: (link?.mark.attrs.href as string | null) ?? '', editing: link !== null, needsText: link === null && view.state.selection.empty })
      } else {
        const image = selectedImage(view.state)
        setImageRequest({ src: (image?.node.attrs.src as string) ?? '', alt: (image?.node.attrs.alt as string | null) ?? '', editing: image !== null })
      }
    },
    [bridge],
  )

  useLayoutEffect(() => {
    latest.current = { onChange, disabled, openDialog }
  })

  useEditor(
    (root) =>
      createEditor({
        root,
        initialHtml,
        labelId,
        bridge,
        isEditable: () => !latest.current.disabled,
        onChange: (html) => latest.current.onChange(html),
        openLinkDialog: () => latest.current.openDialog('link'),
      }),
    [],
  )

  // ProseMirror reads `editable` (and the attributes) again on setProps.
  useEffect(() => {
    bridge.view?.setProps({})
    bridge.refresh()
  }, [bridge, disabled])

  const closeDialogs = () => {
    setLinkRequest(null)
    setImageRequest(null)
  }
  const apply = (command: Parameters<EditorBridge['run']>[0]) => {
    applied.current = true
    bridge.run(command)
    closeDialogs()
  }
  // Radix's modal dialog returns the focus to its Trigger only, and these dialogs have none.
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault()
    const before = focusedBefore.current
    if (applied.current || !before?.isConnected || before === bridge.view?.dom) bridge.focus()
    else before.focus()
  }

  return (
    <div className={disabled ? 'rte rte--disabled' : 'rte'}>
      <Toolbar bridge={bridge} disabled={disabled} onOpenDialog={openDialog} />
      <div className="rte__surface">
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
        onApply={(image) => apply(insertImage(image))}
        onCancel={closeDialogs}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </div>
  )
}
