import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { AdminPost } from '../../../core/contract/index.ts'
import { mayChangePost, mayPublish } from '../../../core/post-roles.ts'
import { adminQueries } from '../api/admin-queries.ts'
import { CloseButton } from './CloseButton.tsx'
import { DraftOffer } from './DraftOffer.tsx'
import { focusField } from './focus-field.ts'
import { PostActions } from './PostActions.tsx'
import { PostFormFields } from './PostFormFields.tsx'
import { PostHistory } from './history/PostHistory.tsx'
import { PostPreview } from './PostPreview.tsx'
import { usePostDraft } from './use-post-draft.ts'
import { usePostForm } from './use-post-form.ts'
import { usePostSave } from './use-post-save.ts'
import { keepEnterFromSubmitting, useSaveShortcut } from './use-save-shortcut.ts'
import { useUnloadPrompt } from './use-unload-prompt.ts'

/**
 * SPEC §2 editor view: a new post, or an existing one prefilled. Cancel and close return at once
 * (SPEC §4): what the admin typed is kept in this browser (use-post-draft.ts) and offered back.
 */
export function PostEditor(props: { post: AdminPost | null; username: string; onDone: (saved?: AdminPost) => void }) {
  const { post, username, onDone } = props
  const ids = useId()
  const form = usePostForm(post)
  const draft = usePostDraft({ username, post, fields: form.fields, baseVersion: form.version ?? null, slugTouched: form.slugTouched, dirty: form.dirty })
  useUnloadPrompt(draft.hasUnkeptChanges, draft.keepNow)
  const { conflict, problem, errors, failures, saving, submit, setInReview, loadCurrent } = usePostSave({ post, form, onSaved: draft.forget, onDone })
  // The role, mirrored (the server decides): an author edits their own drafts and submits them for review.
  const me = useQuery(adminQueries.me()).data
  const readOnly = Boolean(me && post && !mayChangePost(me, post))
  const authorsDraft = Boolean(me && !mayPublish(me.role) && !readOnly)
  const [showHistory, setShowHistory] = useState(false)
  const [showPreview, setShowPreview] = useState(false)

  /** The form waits while a kept draft is offered: typing now would leave two versions of the work. */
  const waiting = draft.offer !== null
  // Opening the editor puts focus in Title, once this browser's kept draft is known not to be
  // offered; after Restore or Discard the offer's buttons are gone, and focus goes there too.
  // Not when the admin is already in one of the form's fields (the check for a kept draft can
  // end after they clicked into Summary): the text they type would go on in Title.
  const titleInput = useRef<HTMLInputElement>(null)
  const formElement = useRef<HTMLFormElement>(null)
  const focusedTitle = useRef(false)
  const wasWaiting = useRef(false)
  useEffect(() => {
    if (draft.checking) return
    const inAField = formElement.current?.contains(document.activeElement) ?? false
    if ((!focusedTitle.current && !waiting && !inAField) || (wasWaiting.current && !waiting)) titleInput.current?.focus()
    focusedTitle.current = true
    wasWaiting.current = waiting
  }, [waiting, draft.checking])

  // After a failed save, focus goes to what to fix: the first field marked, else the message.
  useEffect(() => {
    if (failures > 0) focusField(formElement.current, field, errors, field('problem'))
    // Only when a save has just failed, not as the marks go one by one.
  }, [failures])
  useSaveShortcut(formElement, !saving && !waiting && !draft.checking)

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
        <CloseButton onClose={() => onDone()} />
      </div>

      {draft.offer && <DraftOffer offer={draft.offer} onRestore={restoreDraft} onDiscard={discardDraft} />}
      {post && showHistory && <PostHistory post={{ id: post.id, title: post.title, version: post.version, deleted: false }} onRestored={() => onDone(post)} mayRestore={!readOnly} />}
      {showPreview && <PostPreview fields={form.fields} id={field('preview')} />}

      {readOnly && (
        <p className="admin-hint" role="note">
          You can read this post. Only an editor can change it, or its author while it is a draft.
        </p>
      )}
      <form ref={formElement} className="admin-form" onSubmit={readOnly ? (event) => event.preventDefault() : submit} onKeyDown={keepEnterFromSubmitting} noValidate>
        <fieldset className="admin-form__fields" disabled={waiting || readOnly}>
          <PostFormFields form={form} fieldId={field} editorDisabled={saving || waiting || readOnly} titleInput={titleInput} errors={errors} mayPublish={!me || mayPublish(me.role)} />
        </fieldset>
        <PostActions
          post={post}
          saving={saving}
          waiting={waiting}
          problem={problem}
          problemId={field('problem')}
          conflict={conflict}
          onLoad={loadCurrent}
          onCancel={() => onDone()}
          readOnly={readOnly}
          review={authorsDraft ? { inReview: post?.inReview === true, onSubmit: () => setInReview(true), onWithdraw: () => setInReview(false) } : undefined}
        />
      </form>
    </section>
  )
}
