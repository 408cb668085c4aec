import { lazy, type RefObject, Suspense, useRef, useState } from 'react'
import { MAX_ALT_LENGTH, MAX_SLUG_LENGTH, MAX_SUMMARY_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH, type MediaItem } from '../../../core/contract/index.ts'
import { previewUrlOf } from './media/media-name.ts'
import { MediaSource } from './media/MediaSource.tsx'
import { useFileDropGuard } from './media/use-file-drop-guard.ts'
import { useMediaUpload } from './media/use-media-upload.ts'
import type { FieldErrors } from './field-errors.ts'
import { FieldError, invalidProps } from './FieldError.tsx'
import { previewableImage } from './post-form.ts'
import { ScheduledNote } from './ScheduledNote.tsx'
import { TagField } from './TagField.tsx'
import type { usePostForm } from './use-post-form.ts'
import { fileDropHandlers } from './media/file-drop.ts'

// Its own chunk: only an admin who opens the editor downloads Milkdown.
const loadRichTextEditor = () => import('./editor/RichTextEditor.tsx')
const RichTextEditor = lazy(loadRichTextEditor)

/** Starts downloading the editor while something else is awaited (the post Edit opens). */
export function preloadRichTextEditor(): void {
  void loadRichTextEditor().catch(() => {}) // a failure shows when the editor itself loads
}

interface FieldsProps {
  form: ReturnType<typeof usePostForm>
  /** The id of the field `name`, unique on the page. */
  fieldId: (name: string) => string
  /** The rich-text editor takes no input while a save runs or a kept draft is offered. */
  editorDisabled: boolean
  /** The post's content is still on its way (Edit): a placeholder stands where the editor goes. */
  contentLoading?: boolean
  /** What is wrong with each field, said under it (field-errors.ts). */
  errors?: FieldErrors
  /** False for an author: no Published switch (an editor publishes; the server refuses it anyway). */
  mayPublish?: boolean
}

/** The editor form's fields (SPEC §2): title, slug, summary, content, date, published, image. */
export function PostFormFields(props: FieldsProps & { titleInput: RefObject<HTMLInputElement | null> }) {
  const { form, fieldId: field, editorDisabled, contentLoading, titleInput, errors } = props
  const { fields } = form
  useFileDropGuard()
  return (
    <>
      <div className="admin-field">
        <label htmlFor={field('title')}>Title*</label>
        <input
          ref={titleInput}
          id={field('title')}
          value={fields.title}
          aria-required="true"
          maxLength={MAX_TITLE_LENGTH}
          {...invalidProps(errors, 'title', field)}
          onChange={(event) => form.update('title', event.target.value)}
        />
        <FieldError errors={errors} name="title" fieldId={field} />
      </div>
      <div className="admin-field">
        <label htmlFor={field('slug')}>Slug*</label>
        <input
          id={field('slug')}
          value={fields.slug}
          placeholder="post-url-slug"
          aria-required="true"
          maxLength={MAX_SLUG_LENGTH}
          autoCapitalize="none"
          spellCheck={false}
          {...invalidProps(errors, 'slug', field)}
          onChange={(event) => {
            form.touchSlug()
            form.update('slug', event.target.value)
          }}
        />
        <FieldError errors={errors} name="slug" fieldId={field} />
      </div>
      <div className="admin-field">
        <label htmlFor={field('summary')}>Summary*</label>
        <textarea
          id={field('summary')}
          rows={3}
          value={fields.summary}
          aria-required="true"
          maxLength={MAX_SUMMARY_LENGTH}
          {...invalidProps(errors, 'summary', field)}
          onChange={(event) => form.update('summary', event.target.value)}
        />
        <FieldError errors={errors} name="summary" fieldId={field} />
      </div>
      <div className="admin-field" id={field('content-field')}>
        <span className="admin-label" id={field('content')}>
          Content*
        </span>
        {contentLoading ? (
          <div className="admin-editor__loading" role="status">
            Loading content...
          </div>
        ) : (
        <Suspense fallback={<div className="admin-editor__loading">Loading editor...</div>}>
          <RichTextEditor
            key={form.editorKey}
            initialHtml={fields.content}
            labelId={field('content')}
            disabled={editorDisabled}
            errorId={invalidProps(errors, 'content', field)['aria-describedby']}
            onChange={(html) => form.update('content', html)}
          />
        </Suspense>
        )}
        <FieldError errors={errors} name="content" fieldId={field} />
      </div>
      <DateAndPublished {...props} />
      <FeaturedImageField {...props} />
      <TagField tags={fields.tags ?? []} onChange={(tags) => form.update('tags', tags)} fieldId={field} errors={errors} />
    </>
  )
}

function DateAndPublished(props: FieldsProps) {
  const { form, fieldId: field, errors } = props
  const { fields } = form
  return (
    <div className="admin-form__row">
      <div className="admin-field">
        <label htmlFor={field('date')}>Publish Date</label>
        <input
          id={field('date')}
          type="date"
          value={fields.publishDate}
          {...invalidProps(errors, 'publishDate', field)}
          onChange={(event) => form.update('publishDate', event.target.value)}
        />
        <FieldError errors={errors} name="publishDate" fieldId={field} />
      </div>
      {props.mayPublish !== false && <div className="admin-field admin-field--switch">
        <span className="admin-label" id={field('published')}>
          Published
        </span>
        <button
          id={field('published-switch')}
          type="button"
          role="switch"
          {...invalidProps(errors, 'isPublished', field)}
          aria-checked={fields.isPublished}
          aria-labelledby={field('published')}
          className="admin-switch"
          onClick={() => form.update('isPublished', !fields.isPublished)}
        >
          <span className="admin-switch__thumb" />
        </button>
        <FieldError errors={errors} name="isPublished" fieldId={field} />
      </div>}
      <ScheduledNote isPublished={fields.isPublished} publishDate={fields.publishDate} />
    </div>
  )
}

/**
 * The image URL, with Upload and Choose from library beside it, and a preview of it (or
 * why there is none) once it looks like an image: a library image's thumbnail, not the original.
 */
function FeaturedImageField(props: FieldsProps) {
  const { form, fieldId: field, errors } = props
  const [imageFailed, setImageFailed] = useState(false)
  const urlInput = useRef<HTMLInputElement>(null)
  const chooseImage = (item: MediaItem) => {
    setImageFailed(false)
    form.update('featuredImageUrl', item.url)
  }
  const upload = useMediaUpload((item) => {
    chooseImage(item)
    urlInput.current?.focus()
  })
  const image = previewableImage(form.fields.featuredImageUrl)
  return (
    // An image file dropped on the field is uploaded as the featured image.
    <div
      className="admin-field"
      {...fileDropHandlers((file) => void upload.start(file))}
    >
      <label htmlFor={field('image')}>Featured Image URL</label>
      <input
        ref={urlInput}
        id={field('image')}
        type="url"
        inputMode="url"
        value={form.fields.featuredImageUrl}
        maxLength={MAX_URL_LENGTH}
        placeholder="https://…"
        {...invalidProps(errors, 'featuredImageUrl', field)}
        onChange={(event) => {
          setImageFailed(false)
          form.update('featuredImageUrl', event.target.value)
        }}
      />
      <FieldError errors={errors} name="featuredImageUrl" fieldId={field} />
      <MediaSource upload={upload} onChoose={chooseImage} focusAfterChoice={() => urlInput.current?.focus()} />
      {/* A frame of fixed size: the image arriving later must not move the buttons below. */}
      {image && (
        <div className="admin-image-preview">
          {imageFailed ? (
            <p className="admin-hint">This image could not be loaded.</p>
          ) : (
            <img src={previewUrlOf(image)} alt="Featured image preview" onError={() => setImageFailed(true)} />
          )}
        </div>
      )}
      <label htmlFor={field('image-alt')}>Image description (alt text)</label>
      <input
        id={field('image-alt')}
        value={form.fields.featuredImageAlt ?? ''}
        maxLength={MAX_ALT_LENGTH}
        aria-describedby={field('image-alt-hint')}
        {...invalidProps(errors, 'featuredImageAlt', field)}
        onChange={(event) => form.update('featuredImageAlt', event.target.value)}
      />
      <FieldError errors={errors} name="featuredImageAlt" fieldId={field} />
      <p className="admin-hint" id={field('image-alt-hint')}>
        Describes the image for people who cannot see it, on the post page, the blog list and social cards. Leave it empty if the image only decorates.
      </p>
    </div>
  )
}
