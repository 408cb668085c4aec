import { type ReactNode, useState } from 'react'
import { readTheme, type Theme } from '../../../core/theme.ts'
import { PreviewChoice } from './PreviewChoice.tsx'
import { PreviewDialog } from './PreviewDialog.tsx'
import { PREVIEW_THEMES, previewInTheme, type PreviewWidth } from './preview-options.ts'
import type { PreviewState } from './use-post-preview.ts'
import './preview.css'

/**
 * A page the server rendered from unsaved values (a post's, a site file's), in a frame that runs
 * nothing (`sandbox` without scripts: the HTML has none anyway) and follows the typing. The frame
 * is `srcdoc`, so it shares the admin page's address for its styles and images and never has one
 * of its own that could be shared or indexed.
 *
 * Beside the form it is as wide as the form; "Open full width" shows the same page over the
 * whole window at a phone's, a tablet's or a desktop's width (PreviewDialog.tsx). Either shows
 * either theme: the one the admin works in, until another is chosen.
 */
export function PreviewPanel(props: {
  preview: PreviewState
  /** The section's name, the frame's and the full-width dialog's title. */
  label: string
  frameTitle: string
  dialogTitle: string
  /** What a refused preview says (over the last good one). */
  error: ReactNode
  id?: string
}) {
  const { preview } = props
  const [theme, setTheme] = useState<Theme>(readTheme)
  const [width, setWidth] = useState<PreviewWidth>('desktop')
  const [fullWidth, setFullWidth] = useState(false)
  const html = preview.html === null ? null : previewInTheme(preview.html, theme)
  return (
    <section id={props.id} className="admin-preview" aria-label={props.label} aria-busy={preview.status === 'loading'}>
      <p className="admin-preview__note">
        As visitors will see it. {preview.status === 'loading' ? 'Updating...' : 'Not saved yet: the live page changes when you save.'}
      </p>
      {preview.status === 'error' && props.error}
      <div className="admin-preview__tools">
        <PreviewChoice legend="Theme" options={PREVIEW_THEMES.map((option) => ({ value: option.name, label: option.label }))} value={theme} onChange={setTheme} />
        <PreviewDialog
          open={fullWidth}
          onOpenChange={setFullWidth}
          html={html}
          postTitle={props.dialogTitle}
          width={width}
          onWidthChange={setWidth}
          theme={theme}
          onThemeChange={setTheme}
        >
          <button type="button" className="button" title="Phone, tablet and desktop widths, over the whole window">
            Open full width
          </button>
        </PreviewDialog>
      </div>
      {html !== null && <iframe className="admin-preview__frame" title={props.frameTitle} sandbox="" srcDoc={html} />}
    </section>
  )
}
