import { useState } from 'react'
import { readFieldErrors } from '../../../renderer/contract/index.ts'
import type { SiteContent, SiteFileName } from '../../../renderer/site-content/index.ts'
import { readTheme, type Theme } from '../../../renderer/theme.ts'
import { PreviewChoice } from '../blog/PreviewChoice.tsx'
import { PreviewDialog } from '../blog/PreviewDialog.tsx'
import { PREVIEW_THEMES, previewInTheme, type PreviewWidth } from '../blog/preview-options.ts'
import '../blog/preview.css'
import { useSitePreview } from './use-site-preview.ts'

/**
 * A site file's Preview, as the post editor's (blog/PostPreview.tsx): its page rendered by the
 * server from the form's unsaved values (what every page shares: on the landing page; the
 * not-found lines: on a 404 page), in a frame that runs nothing (`sandbox` without scripts, the
 * HTML has none either, and its own Content-Security-Policy), following the typing. "Open full
 * width" shows it at a phone's, a tablet's or a desktop's width; either theme.
 *
 * `values`: the form's current values (react-hook-form's `watch()`). `pageTitle`: what the
 * admin calls the file (SITE_FILES[name].title).
 */
export function SitePreview<N extends SiteFileName>(props: { name: N; values: SiteContent[N]; pageTitle: string; id?: string }) {
  const preview = useSitePreview(props.name, props.values)
  const [theme, setTheme] = useState<Theme>(readTheme)
  const [width, setWidth] = useState<PreviewWidth>('desktop')
  const [fullWidth, setFullWidth] = useState(false)
  const html = preview.html === null ? null : previewInTheme(preview.html, theme)
  return (
    <section id={props.id} className="admin-preview" aria-label={`Preview of ${props.pageTitle}`} aria-busy={preview.status === 'loading'}>
      <p className="admin-preview__note">
        As visitors will see it. {preview.status === 'loading' ? 'Updating...' : 'Not saved yet: the live page changes when you save.'}
      </p>
      {preview.status === 'error' && <PreviewError message={preview.message} />}
      <div className="admin-preview__tools">
        <PreviewChoice legend="Theme" options={PREVIEW_THEMES.map((option) => ({ value: option.name, label: option.label }))} value={theme} onChange={setTheme} />
        <PreviewDialog
          open={fullWidth}
          onOpenChange={setFullWidth}
          html={html}
          postTitle={props.pageTitle}
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
      {html !== null && <iframe className="admin-preview__frame" title={`${props.pageTitle}, as previewed`} sandbox="" srcDoc={html} />}
    </section>
  )
}

/** A refused preview: each field the schema refused and why (a 400's lines), else the message. */
function PreviewError(props: { message: string }) {
  const fields = props.message.startsWith('400: ') ? readFieldErrors(props.message) : []
  return (
    <div className="admin-alert" role="alert">
      {fields.length === 0 ? (
        <p>The preview could not be made: {props.message}</p>
      ) : (
        <>
          <p>The preview shows the last values that could be shown; fix these first:</p>
          <ul>
            {fields.map((field) => (
              <li key={`${field.path}:${field.reason}`}>
                <code>{field.path}</code>: {field.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
