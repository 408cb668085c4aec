import type { PostFields } from '../../../core/contract/index.ts'
import { PreviewPanel } from './PreviewPanel.tsx'
import { usePostPreview } from './use-post-preview.ts'

/** The editor's Preview: the real post page, rendered by the server from the unsaved fields (PreviewPanel.tsx). */
export function PostPreview(props: { fields: PostFields; id: string }) {
  const preview = usePostPreview(props.fields)
  return (
    <PreviewPanel
      id={props.id}
      preview={preview}
      label="Preview"
      frameTitle="Post preview"
      dialogTitle={props.fields.title}
      error={
        preview.status === 'error' && (
          <p className="admin-alert" role="alert">
            The preview could not be made: {preview.message}
          </p>
        )
      }
    />
  )
}
