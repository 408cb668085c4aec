import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { fetchJson, HttpError } from '../../../renderer/fetch-json.ts'
import type { AdminPost } from '../../../server/services/admin-posts.ts'
import { apiRequest } from '../query-client.ts'
import { DraftOffer } from './DraftOffer.tsx'
import { PostHistory } from './PostHistory.tsx'
import { refetchLists } from './PostList.tsx'
import { hasRequiredFields, previewableImage } from './post-form.ts'
import { usePostDraft } from './use-post-draft.ts'
import { usePostForm } from './use-post-form.ts'
import { useUnloadPrompt } from './use-unload-prompt.ts'

// Its own chunk: only an admin who opens the editor downloads Milkdown.
const RichTextEditor = lazy(() => import('./editor/RichTextEditor.tsx'))

const RELOAD_QUESTION = 'Load the version that was saved? What you typed in this form will be replaced.'

/** What a 409 left us with: the server's newer version, and what the admin typed is still in the form. */
interface Conflict {
  message: string
}

/**
 * SPEC §2 editor view: a new post, or an existing one prefilled. Cancel and close return at once
 * (SPEC §4): what the admin typed is kept in this browser (use-post-draft.ts) and offered back.
 */
export function PostEditor(props: { post: AdminPost | null; username: string; onDone: () => void }) {
  const { post, username, onDone } = props
  const ids = useId()
  const form = usePostForm(post)
  const { fields } = form
  const draft = usePostDraft({ username, post, fields, baseVersion: form.version ?? null, slugTouched: form.slugTouched, dirty: form.dirty })
  useUnloadPrompt(draft.hasUnkeptChanges)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [imageFailed, setImageFailed] = useState(false)
  const [showHistory, setShowHistory] = useState(false)

  const save = useMutation({
    mutationFn: async (options: { version?: string }) => {
      const response = post
        ? await apiRequest('PUT', `/api/admin/blog/posts/${encodeURIComponent(post.id)}`, { body: { ...fields, version: options.version } })
        : await apiRequest('POST', '/api/admin/blog/posts', { body: fields })
      return (await response.json()) as AdminPost
    },
    onSuccess: async () => {
      draft.forget()
      toast({ title: 'Success', description: post ? 'Blog post updated' : 'Blog post created' })
      await refetchLists()
      onDone()
    },
    onError: (error) => {
      toast({ title: 'Error', description: post ? 'Failed to update blog post' : 'Failed to create blog post', variant: 'destructive' })
      if (error instanceof HttpError && error.status === 409 && post) {
        setConflict({ message: 'Someone else saved this post after you opened it. Your changes are still here, not saved.' })
      } else if (error instanceof HttpError && error.status === 401) {
        setProblem(`You are signed out, so this was not saved. Your changes are kept in this browser: sign in again and open ${post ? 'this post' : 'New Post'} to restore them.`)
      } else {
        setProblem(error.message)
      }
    },
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setProblem(null)
    if (!hasRequiredFields(fields)) {
      toast({ description: 'Please fill in all required fields', variant: 'destructive' })
      return
    }
    setConflict(null)
    save.mutate({ version: form.version })
  }

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

  const loadCurrent = async (options: { keepMine: boolean }) => {
    if (!post) return
    if (!options.keepMine && form.dirty && !window.confirm(RELOAD_QUESTION)) return
    try {
      const current = await fetchJson<AdminPost>(`/api/admin/blog/posts/${encodeURIComponent(post.id)}`)
      setConflict(null)
      if (options.keepMine) {
        // Save what the admin typed over the version that is there now.
        form.baseOn(current.version)
        save.mutate({ version: current.version })
        return
      }
      form.loadSaved(current)
    } catch (error) {
      setProblem(error instanceof HttpError && error.status === 404 ? 'This post was deleted in the meantime.' : String((error as Error).message))
    }
  }

  const image = previewableImage(fields.featuredImageUrl)
  const field = (name: string) => `${ids}-${name}`
  const saving = save.isPending

  return (
    <section className="admin-card admin-editor" aria-labelledby={field('title-heading')} aria-busy={draft.checking}>
      <div className="admin-section-header">
        <h2 id={field('title-heading')}>{post ? 'Edit Blog Post' : 'Create New Blog Post'}</h2>
        {post && (
          <button type="button" className="button admin-editor__history-toggle" aria-expanded={showHistory} onClick={() => setShowHistory((open) => !open)}>
            History
          </button>
        )}
        <button type="button" className="button button--icon" aria-label="Close editor" title="Close" onClick={onDone}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      {draft.offer && <DraftOffer offer={draft.offer} onRestore={restoreDraft} onDiscard={discardDraft} />}
      {conflict && (
        <div className="admin-alert" role="alert">
          <p>{conflict.message}</p>
          <div className="admin-alert__actions">
            <button type="button" className="button" onClick={() => loadCurrent({ keepMine: false })}>
              Load the saved version
            </button>
            <button type="button" className="button" onClick={() => loadCurrent({ keepMine: true })}>
              Save mine over it
            </button>
          </div>
        </div>
      )}
      {post && showHistory && <PostHistory post={post} onRestored={onDone} />}
      {problem && (
        <p className="admin-alert" role="alert">
          {problem}
        </p>
      )}

      <form className="admin-form" onSubmit={submit} noValidate>
        <fieldset className="admin-form__fields" disabled={waiting}>
          <div className="admin-field">
            <label htmlFor={field('title')}>Title*</label>
            <input ref={titleInput} id={field('title')} value={fields.title} aria-required="true" maxLength={200} onChange={(event) => form.update('title', event.target.value)} />
          </div>
          <div className="admin-field">
            <label htmlFor={field('slug')}>Slug*</label>
            <input
              id={field('slug')}
              value={fields.slug}
              placeholder="post-url-slug"
              aria-required="true"
              maxLength={100}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => {
                form.touchSlug()
                form.update('slug', event.target.value)
              }}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={field('summary')}>Summary*</label>
            <textarea id={field('summary')} rows={3} value={fields.summary} aria-required="true" maxLength={500} onChange={(event) => form.update('summary', event.target.value)} />
          </div>
          <div className="admin-field">
            <span className="admin-label" id={field('content')}>
              Content*
            </span>
            <Suspense fallback={<div className="admin-editor__loading">Loading editor...</div>}>
              <RichTextEditor
                key={form.editorKey}
                initialHtml={fields.content}
                labelId={field('content')}
                disabled={saving || waiting}
                onChange={(html) => form.update('content', html)}
              />
            </Suspense>
          </div>
          <div className="admin-form__row">
            <div className="admin-field">
              <label htmlFor={field('date')}>Publish Date</label>
              <input id={field('date')} type="date" value={fields.publishDate} onChange={(event) => form.update('publishDate', event.target.value)} />
            </div>
            <div className="admin-field admin-field--switch">
              <span className="admin-label" id={field('published')}>
                Published
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={fields.isPublished}
                aria-labelledby={field('published')}
                className="admin-switch"
                onClick={() => form.update('isPublished', !fields.isPublished)}
              >
                <span className="admin-switch__thumb" />
              </button>
            </div>
          </div>
          <div className="admin-field">
            <label htmlFor={field('image')}>Featured Image URL</label>
            <input
              id={field('image')}
              type="url"
              inputMode="url"
              value={fields.featuredImageUrl}
              placeholder="https://…"
              onChange={(event) => {
                setImageFailed(false)
                form.update('featuredImageUrl', event.target.value)
              }}
            />
            {/* A frame of fixed size: the image arriving later must not move the buttons below. */}
            {image && (
              <div className="admin-image-preview">
                {imageFailed ? (
                  <p className="admin-hint">This image could not be loaded.</p>
                ) : (
                  <img src={image} alt="Featured image preview" onError={() => setImageFailed(true)} />
                )}
              </div>
            )}
          </div>
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
