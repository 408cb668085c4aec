import { useMutation } from '@tanstack/react-query'
import { lazy, Suspense, useId, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { fetchJson, HttpError } from '../../../renderer/fetch-json.ts'
import type { AdminPost, PostFields } from '../admin-types.ts'
import { apiRequest } from '../query-client.ts'
import { PostHistory } from './PostHistory.tsx'
import { refetchLists } from './PostList.tsx'
import {
  emptyForm,
  formFromPost,
  hasRequiredFields,
  isDirty,
  localToday,
  previewableImage,
  slugify,
} from './post-form.ts'
import { LEAVE_QUESTION, useLeaveGuard } from './use-leave-guard.ts'

// Its own chunk: only an admin who opens the editor downloads Milkdown.
const RichTextEditor = lazy(() => import('./editor/RichTextEditor.tsx'))

const RELOAD_QUESTION = 'Load the version that was saved? What you typed in this form will be replaced.'

/** What a 409 left us with: the server's newer version, and what the admin typed is still in the form. */
interface Conflict {
  message: string
}

/** SPEC §2 editor view: a new post, or an existing one prefilled. */
export function PostEditor(props: { post: AdminPost | null; onDone: () => void }) {
  const { post, onDone } = props
  const ids = useId()
  const [initial, setInitial] = useState<PostFields>(() => (post ? formFromPost(post) : emptyForm(localToday())))
  const [form, setForm] = useState<PostFields>(initial)
  const [version, setVersion] = useState(post?.version)
  /** Changes to load other HTML into the editor (it reads its HTML when it mounts). */
  const [editorKey, setEditorKey] = useState(0)
  /** A new post's slug follows its title until the admin edits the slug. */
  const [slugTouched, setSlugTouched] = useState(post !== null)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [imageFailed, setImageFailed] = useState(false)
  const [showHistory, setShowHistory] = useState(false)

  const save = useMutation({
    mutationFn: async (options: { version?: string }) => {
      const response = post
        ? await apiRequest('PUT', `/api/admin/blog/posts/${encodeURIComponent(post.id)}`, { body: { ...form, version: options.version } })
        : await apiRequest('POST', '/api/admin/blog/posts', { body: form })
      return (await response.json()) as AdminPost
    },
    onSuccess: async () => {
      toast({ title: 'Success', description: post ? 'Blog post updated' : 'Blog post created' })
      await refetchLists()
      onDone()
    },
    onError: (error) => {
      toast({ title: 'Error', description: post ? 'Failed to update blog post' : 'Failed to create blog post', variant: 'destructive' })
      if (error instanceof HttpError && error.status === 409 && post) {
        setConflict({ message: 'Someone else saved this post after you opened it. Your changes are still here, not saved.' })
      } else {
        setProblem(error.message)
      }
    },
  })

  const dirty = isDirty(form, initial)
  useLeaveGuard(dirty && !save.isSuccess)

  const update = <K extends keyof PostFields>(key: K, value: PostFields[K]) => {
    setForm((current) => {
      const next = { ...current, [key]: value }
      if (key === 'title' && !slugTouched) next.slug = slugify(String(value))
      return next
    })
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setProblem(null)
    if (!hasRequiredFields(form)) {
      toast({ description: 'Please fill in all required fields', variant: 'destructive' })
      return
    }
    setConflict(null)
    save.mutate({ version })
  }

  const leave = () => {
    if (dirty && !window.confirm(LEAVE_QUESTION)) return
    onDone()
  }

  const loadCurrent = async (options: { keepMine: boolean }) => {
    if (!post) return
    if (!options.keepMine && dirty && !window.confirm(RELOAD_QUESTION)) return
    try {
      const current = await fetchJson<AdminPost>(`/api/admin/blog/posts/${encodeURIComponent(post.id)}`)
      setVersion(current.version)
      setConflict(null)
      if (options.keepMine) {
        // Save what the admin typed over the version that is there now.
        save.mutate({ version: current.version })
        return
      }
      const fields = formFromPost(current)
      setInitial(fields)
      setForm(fields)
      setEditorKey((key) => key + 1)
    } catch (error) {
      setProblem(error instanceof HttpError && error.status === 404 ? 'This post was deleted in the meantime.' : String((error as Error).message))
    }
  }

  const image = previewableImage(form.featuredImageUrl)
  const field = (name: string) => `${ids}-${name}`
  const saving = save.isPending

  return (
    <section className="admin-card admin-editor" aria-labelledby={field('title-heading')}>
      <div className="admin-section-header">
        <h2 id={field('title-heading')}>{post ? 'Edit Blog Post' : 'Create New Blog Post'}</h2>
        {post && (
          <button type="button" className="button admin-editor__history-toggle" aria-expanded={showHistory} onClick={() => setShowHistory((open) => !open)}>
            History
          </button>
        )}
        <button type="button" className="button button--icon" aria-label="Close editor" title="Close" onClick={leave}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>

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
        <div className="admin-field">
          <label htmlFor={field('title')}>Title*</label>
          <input id={field('title')} value={form.title} aria-required="true" maxLength={200} onChange={(event) => update('title', event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={field('slug')}>Slug*</label>
          <input
            id={field('slug')}
            value={form.slug}
            placeholder="post-url-slug"
            aria-required="true"
            maxLength={100}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => {
              setSlugTouched(true)
              update('slug', event.target.value)
            }}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={field('summary')}>Summary*</label>
          <textarea id={field('summary')} rows={3} value={form.summary} aria-required="true" maxLength={500} onChange={(event) => update('summary', event.target.value)} />
        </div>
        <div className="admin-field">
          <span className="admin-label" id={field('content')}>
            Content*
          </span>
          <Suspense fallback={<div className="admin-editor__loading">Loading editor...</div>}>
            <RichTextEditor
              key={editorKey}
              initialHtml={form.content}
              labelId={field('content')}
              disabled={saving}
              onChange={(html) => update('content', html)}
            />
          </Suspense>
        </div>
        <div className="admin-form__row">
          <div className="admin-field">
            <label htmlFor={field('date')}>Publish Date</label>
            <input id={field('date')} type="date" value={form.publishDate} onChange={(event) => update('publishDate', event.target.value)} />
          </div>
          <div className="admin-field admin-field--switch">
            <span className="admin-label" id={field('published')}>
              Published
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={form.isPublished}
              aria-labelledby={field('published')}
              className="admin-switch"
              onClick={() => update('isPublished', !form.isPublished)}
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
            value={form.featuredImageUrl}
            placeholder="https://…"
            onChange={(event) => {
              setImageFailed(false)
              update('featuredImageUrl', event.target.value)
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
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {post ? 'Update Post' : 'Create Post'}
          </button>
          <button type="button" className="button" onClick={leave} disabled={saving}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
