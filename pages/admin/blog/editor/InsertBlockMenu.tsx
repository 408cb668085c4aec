import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { toggleMark } from '@milkdown/kit/prose/commands'
import type { Command } from '@milkdown/kit/prose/state'
import { currentLinkBlock, insertBookmark, insertCallout, insertGallery, insertLinkBlock, insertToggle, type LinkBlockInput, selectedBookmark } from './block-commands.ts'
import { BookmarkDialog } from './BookmarkDialog.tsx'
import type { BookmarkInput } from './bookmark-node.ts'
import type { EditorBridge } from './editor-bridge.ts'
import { insertFootnote } from './footnote-nodes.ts'
import { GalleryDialog } from './GalleryDialog.tsx'
import { LinkBlockDialog, type LinkBlockKind } from './LinkBlockDialog.tsx'
import './blocks.css'

type Dialog = LinkBlockKind | 'gallery' | 'bookmark'

interface MenuItem {
  label: string
  /** A command run at once, or a dialog that asks what to insert. */
  action: Command | Dialog
}

/** The blocks of other blogs, in the order the menu lists them. */
const ITEMS: MenuItem[] = [
  { label: 'Toggle', action: insertToggle },
  { label: 'Callout', action: insertCallout },
  { label: 'Footnote', action: insertFootnote },
  // On the selected text (a quote's source): on again, off.
  { label: 'Citation', action: (state, dispatch) => toggleMark(state.schema.marks.cite!)(state, dispatch) },
  { label: 'Button…', action: 'button' },
  { label: 'File download…', action: 'download' },
  { label: 'Gallery…', action: 'gallery' },
  { label: 'Bookmark…', action: 'bookmark' },
]

/**
 * "Insert block", a menu button beside the toolbar's (WAI-ARIA menu button pattern): Enter,
 * Space or ArrowDown opens it on its first item, ArrowUp on its last; the arrows, Home and End
 * move between items, Escape closes it and gives the focus back to the button. An item runs its
 * command in the text, or opens the dialog that asks for the rest.
 */
export function InsertBlockMenu({ bridge, disabled }: { bridge: EditorBridge; disabled: boolean }) {
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [bookmark, setBookmark] = useState<(BookmarkInput & { editing: boolean }) | null>(null)
  const [linkBlock, setLinkBlock] = useState<LinkBlockInput | null>(null)
  const [opening, setOpening] = useState(0)
  const applied = useRef(false)
  const button = useRef<HTMLButtonElement>(null)
  const items = useRef<(HTMLButtonElement | null)[]>([])
  const menuId = useId()

  const show = (focus: 'first' | 'last') => {
    bridge.takeSelection()
    setOpen(true)
    window.requestAnimationFrame(() => items.current[focus === 'first' ? 0 : ITEMS.length - 1]?.focus())
  }
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const choose = (item: MenuItem) => {
    setOpen(false)
    if (typeof item.action !== 'string') {
      bridge.run(item.action)
      bridge.focus()
      return
    }
    applied.current = false
    setOpening((n) => n + 1)
    if (item.action === 'button' || item.action === 'download') setLinkBlock(bridge.view ? currentLinkBlock(bridge.view.state, item.action) : null)
    if (item.action === 'bookmark') {
      const selected = bridge.view ? selectedBookmark(bridge.view.state) : null
      setBookmark(selected ? { ...(selected.node.attrs as BookmarkInput), editing: true } : { href: '', title: '', description: '', image: '', editing: false })
    }
    setDialog(item.action)
  }
  const apply = (command: Command) => {
    applied.current = true
    bridge.run(command)
    setDialog(null)
    setBookmark(null)
  }
  const cancel = () => {
    setDialog(null)
    setBookmark(null)
  }
  // Radix's modal dialog gives the focus back to its Trigger only, and these have none.
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault()
    if (applied.current) bridge.focus()
    else button.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    event.stopPropagation()
    show(event.key === 'ArrowUp' ? 'last' : 'first')
  }
  const onMenuKeyDown = (event: KeyboardEvent) => {
    // The toolbar's own arrow keys stop here.
    event.stopPropagation()
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement)
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: ITEMS.length - 1 }
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault()
      close()
      return
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    items.current[(target + ITEMS.length) % ITEMS.length]?.focus()
  }

  return (
    <div className="rte-insert">
      <button
        ref={button}
        type="button"
        className="rte-toolbar__button rte-insert__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (open ? close() : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        Insert block
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <div id={menuId} className="rte-insert__menu" role="menu" aria-label="Insert block" onKeyDown={onMenuKeyDown} onBlur={(event) => event.currentTarget.contains(event.relatedTarget) || setOpen(false)}>
          {ITEMS.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                items.current[index] = element
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="rte-insert__item"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      <LinkBlockDialog
        key={`link-block-${opening}`}
        kind={dialog === 'button' || dialog === 'download' ? dialog : null}
        editing={linkBlock}
        onApply={(input) => apply(insertLinkBlock(dialog === 'download' ? 'download' : 'button', input))}
        onCancel={cancel}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <GalleryDialog key={`gallery-${opening}`} open={dialog === 'gallery'} onApply={(images, caption) => apply(insertGallery(images, caption))} onCancel={cancel} onCloseAutoFocus={onCloseAutoFocus} />
      <BookmarkDialog key={`bookmark-${opening}`} request={dialog === 'bookmark' ? bookmark : null} onApply={(input) => apply(insertBookmark(input))} onCancel={cancel} onCloseAutoFocus={onCloseAutoFocus} />
    </div>
  )
}
