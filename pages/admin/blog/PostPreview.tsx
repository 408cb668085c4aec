import type { PostFields } from '../../../renderer/contract/index.ts'
import { usePostPreview } from './use-post-preview.ts'

/**
 * The editor's Preview: the real post page, rendered by the server from the unsaved
 * fields, in a frame that runs nothing (`sandbox` without scripts: the HTML has none anyway) and
 * follows the typing. The frame is `srcdoc`, so it shares the admin page's address for its
 * styles and images and never has one of its own that could be shared or indexed.
 */
export function PostPreview(props: { fields: PostFields; id: string }) {
  const preview = usePostPreview(props.fields)
  return (
    <section id={props.id} className="admin-preview" aria-label="Preview" aria-busy={preview.status === 'loading'}>
      <p className="admin-preview__note">
        As visitors will see it. {preview.status === 'loading' ? 'Updating...' : 'Not saved yet: the live page changes when you save.'}
      </p>
      {preview.status === 'error' && (
        <p className="admin-alert" role="alert">
          The preview could not be made: {preview.message}
        </p>
      )}
      {preview.html !== null && <iframe className="admin-preview__frame" title="Post preview" sandbox="" srcDoc={preview.html} />}
    </section>
  )
}
