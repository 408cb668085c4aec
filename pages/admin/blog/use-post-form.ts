import { useState } from 'react'
import type { AdminPost, PostFields } from '../../../core/contract/index.ts'
import { dayIn } from '../../../core/site-day.ts'
import { emptyForm, formFromPost, isDirty, slugify } from './post-form.ts'
import { useSiteTimeZone } from './use-site-time-zone.ts'

/** The editor form's state: what it holds, what it started from, and the version a save sends. */
export function usePostForm(post: AdminPost | null) {
  // A new post is dated the site's day (SITE_TIMEZONE), as the server dates one sent without a date.
  const timeZone = useSiteTimeZone()
  const [initial, setInitial] = useState<PostFields>(() => (post ? formFromPost(post) : emptyForm(dayIn(timeZone, new Date()))))
  const [fields, setFields] = useState<PostFields>(initial)
  const [version, setVersion] = useState(post?.version)
  /** Changes to load other HTML into the rich-text editor (it reads its HTML when it mounts). */
  const [editorKey, setEditorKey] = useState(0)
  /** A new post's slug follows its title until the admin edits the slug. */
  const [slugTouched, setSlugTouched] = useState(post !== null)

  const update = <K extends keyof PostFields>(key: K, value: PostFields[K]) => {
    setFields((current) => {
      const next = { ...current, [key]: value }
      if (key === 'title' && !slugTouched) next.slug = slugify(String(value))
      return next
    })
  }

  /** Starts again from a saved version of the post: its fields, and its version for the next save. */
  const loadSaved = (saved: AdminPost) => {
    const savedFields = formFromPost(saved)
    setInitial(savedFields)
    setFields(savedFields)
    setVersion(saved.version)
    setEditorKey((key) => key + 1)
  }

  /** Puts fields kept earlier (a restored draft) in the form, over what it started from. */
  const loadFields = (kept: PostFields, keptSlugTouched: boolean) => {
    setFields(kept)
    setSlugTouched(keptSlugTouched)
    setEditorKey((key) => key + 1)
  }

  return {
    fields,
    /** What the form was opened with (or last loaded): a stale save's conflict is what changed since. */
    initial,
    version,
    editorKey,
    slugTouched,
    dirty: isDirty(fields, initial),
    update,
    touchSlug: () => setSlugTouched(true),
    /** What the typed form is now based on (the admin chose to save it over that version). */
    baseOn: setVersion,
    loadSaved,
    loadFields,
  }
}
