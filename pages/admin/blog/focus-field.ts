import { type FieldErrors, firstFieldWithError } from './field-errors.ts'

/** The element of each field that takes focus, by the form's field ids (PostFormFields). */
const FOCUS_TARGET: Record<string, string> = {
  title: 'title',
  slug: 'slug',
  summary: 'summary',
  publishDate: 'date',
  isPublished: 'published-switch',
  featuredImageUrl: 'image',
  featuredImageAlt: 'image-alt',
  tags: 'tags',
}

/**
 * Moves focus to the first field with a problem, scrolled to the middle of the window (the
 * sticky action bar would hide one scrolled to the bottom); the content's editable area when it
 * is the content. With no field marked: the message `problemId`, else the first button of a
 * conflict's choices.
 */
export function focusField(form: HTMLFormElement | null, fieldId: (name: string) => string, errors: FieldErrors, problemId: string): void {
  if (!form) return
  const name = firstFieldWithError(errors)
  const target =
    name === 'content'
      ? document.getElementById(fieldId('content-field'))?.querySelector<HTMLElement>('[contenteditable]')
      : name
        ? document.getElementById(fieldId(FOCUS_TARGET[name]!))
        : (document.getElementById(problemId) ?? form.querySelector<HTMLElement>('.admin-alert--conflict button'))
  if (!target) return
  target.focus({ preventScroll: true })
  target.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior })
}
