import { useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import type { AdminPost, AdminPostCard } from '../../../core/contract/index.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { adminQueries } from '../api/admin-queries.ts'
import { CloseButton } from './CloseButton.tsx'
import { withoutStatus } from './field-errors.ts'
import { PostEditor } from './PostEditor.tsx'
import { PostFormFields, preloadRichTextEditor } from './PostFormFields.tsx'
import { usePostForm } from './use-post-form.ts'

/**
 * Edit (SPEC §4: the form prefilled from the post). A list card carries no content, so
 * the post is read here: the form shows at once with the card's fields, waiting, and becomes the
 * editor when the post arrives, a few milliseconds later. Read afresh each time Edit is clicked
 * (nothing kept once the editor closes), so the form starts from what is saved now. Opened from
 * the address (`?edit=<id>`: a reload, a bookmark) there is no card: the form waits empty.
 */
export function EditPost(props: { id: string; card: AdminPostCard | null; username: string; onDone: (saved?: AdminPost) => void }) {
  const { id, card, username, onDone } = props
  // Usually downloaded already (the list preloads it); fetched beside the post otherwise.
  useEffect(() => preloadRichTextEditor(), [])
  const post = useQuery({ ...adminQueries.post(id), gcTime: 0 })
  if (post.data) return <PostEditor post={post.data} username={username} onDone={onDone} />
  return <WaitingEditor card={card} onDone={() => onDone()} problem={post.isError ? loadProblem(post.error) : null} />
}

function loadProblem(error: Error): string {
  if (error instanceof HttpError && error.status === 404) return 'This post does not exist: it may have been deleted, or the address is not complete.'
  return `This post could not be loaded (${withoutStatus(error.message)}).`
}

/** The editor's form with the card's fields, nothing editable, until the post is there. */
function WaitingEditor(props: { card: AdminPostCard | null; onDone: () => void; problem: string | null }) {
  const { card, onDone, problem } = props
  const ids = useId()
  const form = usePostForm(card && { ...card, content: '', featuredImageUrl: '' })
  const field = (name: string) => `${ids}-${name}`
  return (
    <section className="admin-card admin-editor" aria-labelledby={field('title-heading')} aria-busy={problem === null}>
      <div className="admin-section-header">
        <h2 id={field('title-heading')}>Edit Blog Post</h2>
        <CloseButton onClose={onDone} />
      </div>
      {problem && (
        <p className="admin-alert" role="alert">
          {problem}
        </p>
      )}
      <form className="admin-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <fieldset className="admin-form__fields" disabled>
          <PostFormFields form={form} fieldId={field} editorDisabled contentLoading titleInput={{ current: null }} />
        </fieldset>
        <div className="admin-form__bar">
          <div className="admin-form__actions">
            <button type="submit" className="button button--primary" disabled>
              Update Post
            </button>
            <button type="button" className="button" onClick={onDone}>
              Cancel
            </button>
          </div>
        </div>
      </form>
    </section>
  )
}
