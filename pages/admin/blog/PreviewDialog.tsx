import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react'
import type { Theme } from '../../../core/theme.ts'
import { PreviewChoice } from './PreviewChoice.tsx'
import { fitScale, PREVIEW_THEMES, PREVIEW_WIDTHS, type PreviewWidth } from './preview-options.ts'

export interface PreviewDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The preview page, already in `theme`; null until the first one is made. */
  html: string | null
  postTitle: string
  width: PreviewWidth
  onWidthChange: (width: PreviewWidth) => void
  theme: Theme
  onThemeChange: (theme: Theme) => void
  /** The button that opens it (focus returns there when it closes). */
  children: ReactNode
}

/**
 * The preview over the whole window: the page laid out at a phone's, a tablet's or a desktop's
 * width, in either theme. A Radix modal (focus kept inside, Escape or Close shuts it and focus goes
 * back to the button that opened it), without Radix's Overlay, whose scroll lock injects a <style>
 * the Content-Security-Policy blocks: `.preview-dialog-layer` is the backdrop, as for the media
 * library. A width wider than the window is shown whole, scaled down (preview-options.ts).
 */
export function PreviewDialog(props: PreviewDialogProps) {
  const { open, onOpenChange } = props
  const checkedWidth = useRef<HTMLInputElement>(null)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{props.children}</Dialog.Trigger>
      <Dialog.Portal>
        <div className="preview-dialog-layer">
          <Dialog.Content
            className="preview-dialog"
            onOpenAutoFocus={(event) => {
              // On the width chosen: the first thing to change, and arrow keys move between widths.
              event.preventDefault()
              checkedWidth.current?.focus()
            }}
          >
            <div className="preview-dialog__bar">
              <div className="preview-dialog__heading">
                <Dialog.Title className="preview-dialog__title">Preview: {props.postTitle.trim() || 'Untitled post'}</Dialog.Title>
                <Dialog.Description className="preview-dialog__description">As visitors will see it. Not saved yet.</Dialog.Description>
              </div>
              <PreviewChoice
                legend="Width"
                options={PREVIEW_WIDTHS.map((width) => ({ value: width.name, label: width.label, hint: `${width.px} px` }))}
                value={props.width}
                onChange={props.onWidthChange}
                checkedRef={checkedWidth}
              />
              <PreviewChoice legend="Theme" options={PREVIEW_THEMES.map((theme) => ({ value: theme.name, label: theme.label }))} value={props.theme} onChange={props.onThemeChange} />
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Close
                </button>
              </Dialog.Close>
            </div>
            <PreviewStage html={props.html} width={props.width} theme={props.theme} onEscape={() => onOpenChange(false)} />
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * The frame at the chosen width, scaled down to fit the space under the bar when it is wider.
 *
 * The frame is a tab stop (a keyboard user scrolls the page in it, or tabs through its links), and
 * a key pressed in it goes to its own document, never to the dialog's: Escape would not close.
 * So the frame is `allow-same-origin` (still without `allow-scripts`: nothing runs in it, as beside
 * the form), which lets this page listen to its keys and close on Escape.
 */
function PreviewStage(props: { html: string | null; width: PreviewWidth; theme: Theme; onEscape: () => void }) {
  const area = useRef<HTMLDivElement>(null)
  const size = useElementSize(area)
  const width = PREVIEW_WIDTHS.find((option) => option.name === props.width)!
  const scale = fitScale(width.px, size.width)
  const labelId = useId()
  // The frame's listener outlives a render: it calls whatever closes the dialog now.
  const onEscape = useRef(props.onEscape)
  onEscape.current = props.onEscape
  return (
    <div className="preview-dialog__stage">
      <p className="preview-dialog__size" id={labelId}>
        {width.label}, {width.px} px wide{scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
      </p>
      <div className="preview-dialog__area" ref={area}>
        {props.html === null ? (
          <p className="admin-status">Loading...</p>
        ) : (
          <div className="preview-dialog__viewport" style={{ width: width.px * scale, height: size.height }}>
            <iframe
              className="preview-dialog__frame"
              title={`Post preview, ${width.label.toLowerCase()} width, ${props.theme} theme`}
              aria-describedby={labelId}
              sandbox="allow-same-origin"
              srcDoc={props.html}
              onLoad={(event) => {
                event.currentTarget.contentDocument?.addEventListener('keydown', (key) => {
                  if (key.key === 'Escape') onEscape.current()
                })
              }}
              style={{ width: width.px, height: size.height / scale, transform: scale < 1 ? `scale(${scale})` : undefined }}
            />
          </div>
        )}
      </div>
    </div>
  )
}

/** An element's content size, followed as the window changes. */
function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return size
}
