import { useEffect, useId, useRef, useState } from 'react'
import type { AdminPost } from '../../../renderer/contract/index.ts'
import { CloseButton } from './CloseButton.tsx'
import { DraftOffer } from './DraftOffer.tsx'
import { PostFormFields } from './PostFormFields.tsx'
import { PostHistory } from './history/PostHistory.tsx'
import { PostPreview } from './PostPreview.tsx'
import { usePostDraft } from './use-post-draft.ts'
import { usePostForm } from './use-post-form.ts'
import { type Conflict, usePostSave } from './use-post-save.ts'
import { useUnloadPrompt } from './use-unload-prompt.ts'

/**
 * SPEC §2 editor view: a new post, or an existing one prefilled. Cancel and close return at once
 * (SPEC §4): what the admin typed is kept in this browser (use-post-draft.ts) and offered back.
 */
export function PostEditor(props: { post: AdminPost | null; username: string; onDone: () => void }) {
  const { post, username, onDone } = props
  const ids = useId()
  const form = usePostForm(post)
  const draft = usePostDraft({ username, post, fields: form.fields, baseVersion: form.version ?? null, slugTouched: form.slugTouched, dirty: form.dirty })
  useUnloadPrompt(draft.hasUnkeptChanges)
  const { conflict, problem, saving, submit, loadCurrent } = usePostSave({ post, form, onSaved: draft.forget, onDone })
  const [showHistory, setShowHistory] = useState(false)
  const [showPreview, setShowPreview] = useState(false)

  /** The form waits while a kept draft is offered: typing now would leave two versions of the work. */
  const waiting = draft.offer !== null
  // After Restore or Discard the offer's buttons are gone: focus goes to the form, not to the page.
  const titleInput = useRef<HTMLInputElement>(null)
  const wasWaiting = useRef(false)
  useEffect(() => {
    if (wasWaiting.current && !waiting) titleInput.current?.focus()
    wasWaiting.current = waiting
  }, [waiting])

  const restoreDraft = () => {
    const chosen = draft.restore()
    if (!chosen) return
    // On top of the version saved now: when it is newer, the offer said so.
    if (chosen.current) form.loadSaved(chosen.current)
    form.loadFields(chosen.draft.fields, chosen.draft.slugTouched)
  }

  const discardDraft = () => {
    const chosen = draft.discard()
    if (chosen?.current && chosen.current.version !== form.version) form.loadSaved(chosen.current)
  }

  const field = (name: string) => `${ids}-${name}`

  return (
    <section className="admin-card admin-editor" aria-labelledby={field('title-heading')} aria-busy={draft.checking}>
      <div className="admin-section-header">
        <h2 id={field('title-heading')}>{post ? 'Edit Blog Post' : 'Create New Blog Post'}</h2>
        <button type="button" className="button admin-editor__preview-toggle" aria-expanded={showPreview} aria-controls={field('preview')} onClick={() => setShowPreview((open) => !open)}>
          Preview
        </button>
        {post && (
          <button type="button" className="button admin-editor__history-toggle" aria-expanded={showHistory} onClick={() => setShowHistory((open) => !open)}>
            History
          </button>
        )}
        <CloseButton onClose={onDone} />
      </div>

      {draft.offer && <DraftOffer offer={draft.offer} onRestore={restoreDraft} onDiscard={discardDraft} />}
      {conflict && <ConflictAlert conflict={conflict} onLoad={loadCurrent} />}
      {post && showHistory && <PostHistory post={{ id: post.id, title: post.title, version: post.version, deleted: false }} onRestored={onDone} />}
      {showPreview && <PostPreview fields={form.fields} id={field('preview')} />}
      {problem && (
        <p className="admin-alert" role="alert">
          {problem}
        </p>
      )}

      <form className="admin-form" onSubmit={submit} noValidate>
        <fieldset className="admin-form__fields" disabled={waiting}>
          <PostFormFields form={form} fieldId={field} editorDisabled={saving || waiting} titleInput={titleInput} />
        </fieldset>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={saving || waiting}>
            {post ? 'Update Post' : 'Create Post'}
          </button>
          <button type="button" className="button" onClick={onDone} disabled={saving}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}

/** A 409: load the version saved in between, or save what the admin typed over it. */
function ConflictAlert(props: { conflict: Conflict; onLoad: (options: { keepMine: boolean }) => void }) {
  const { conflict, onLoad } = props
  return (
    <div className="admin-alert" role="alert">
      <p>{conflict.message}</p>
      <div className="admin-alert__actions">
        <button type="button" className="button" onClick={() => onLoad({ keepMine: false })}>
          Load the saved version
        </button>
        <button type="button" className="button" onClick={() => onLoad({ keepMine: true })}>
          Save mine over it
        </button>
      </div>
    </div>
  )
}
