import { readFieldErrors } from '../../../core/contract/index.ts'
import type { SiteContent, SiteFileName } from '../../../core/site-content/index.ts'
import { PreviewPanel } from '../blog/PreviewPanel.tsx'
import { useSitePreview } from './use-site-preview.ts'

/**
 * A site file's Preview, as the post editor's (blog/PostPreview.tsx, both a PreviewPanel): its
 * page rendered by the server from the form's unsaved values (what every page shares: on the
 * landing page; the not-found lines: on a 404 page), following the typing.
 *
 * `values`: the form's current values (react-hook-form's `watch()`). `pageTitle`: what the
 * admin calls the file (SITE_FILES[name].title).
 */
export function SitePreview<N extends SiteFileName>(props: { name: N; values: SiteContent[N]; pageTitle: string; id?: string }) {
  const preview = useSitePreview(props.name, props.values)
  return (
    <PreviewPanel
      id={props.id}
      preview={preview}
      label={`Preview of ${props.pageTitle}`}
      frameTitle={`${props.pageTitle}, as previewed`}
      dialogTitle={props.pageTitle}
      error={preview.status === 'error' && <PreviewError message={preview.message} />}
    />
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
