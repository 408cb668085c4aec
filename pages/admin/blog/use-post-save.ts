import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { AdminPost, PostFields } from '../../../core/contract/index.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { adminApi } from '../api/api-client.ts'
import { refetchLists } from '../api/admin-queries.ts'
import { type FieldErrors, fieldErrorOfRefusal, fieldsChangedSince, requiredFieldErrors, withoutStatus } from './field-errors.ts'
import { saveBody } from './post-form.ts'
import type { usePostForm } from './use-post-form.ts'

const RELOAD_QUESTION = 'Load the version that was saved? What you typed in this form will be replaced.'
const CHANGED_BY_SOMEONE_ELSE = 'Someone else changed this after you opened the post: load the saved version, or save yours over it.'

/** What a 409 left us with: the server's newer version, and what the admin typed is still in the form. */
export interface Conflict {
  message: string
}

/** The fields' problems, with the fields as they were then: a message goes once its field is edited. */
interface Marked {
  errors: FieldErrors
  fields: PostFields
}

/**
 * Saving the editor form (SPEC §4): create or update, and what a failure leaves on screen. Each
 * problem is said at the field it concerns (`errors`): an empty required field, a value the
 * server refused, a slug already taken, the fields someone else changed in between. A 409 on
 * the version is also a `conflict` (someone saved in between): the admin loads the saved
 * version, or saves theirs over it. Any other failure is a `problem`; after a 401 the draft kept
 * in this browser is what the admin gets back after signing in again. SPEC §8's toasts stay as
 * they are. `failures` counts the failures, so the form moves focus to the first problem each time.
 */
export function usePostSave(options: {
  post: AdminPost | null
  form: ReturnType<typeof usePostForm>
  /** Called first when the save went through: nothing is left to keep in this browser. */
  onSaved: () => void
  /** The editor closes; with the post as saved when it was a save. */
  onDone: (saved?: AdminPost) => void
}) {
  const { post, form, onSaved, onDone } = options
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [marked, setMarked] = useState<Marked | null>(null)
  const [failures, setFailures] = useState(0)

  const mark = (errors: FieldErrors, fields: PostFields) => {
    setMarked({ errors, fields })
    setFailures((count) => count + 1)
  }

  const save = useMutation({
    // `inReview`: an author's "Submit for review" (true) or taking it back (false); a plain save leaves it as it is.
    mutationFn: (saveOptions: { version?: string; fields: PostFields; inReview?: boolean }) => {
      const review = saveOptions.inReview === undefined ? {} : { inReview: saveOptions.inReview }
      return post
        ? adminApi.updatePost(post.id, { ...saveBody(saveOptions.fields, post), ...review }, saveOptions.version)
        : adminApi.createPost({ ...saveBody(saveOptions.fields, null), ...review })
    },
    onSuccess: async (saved) => {
      onSaved()
      toast({ title: 'Success', description: post ? 'Blog post updated' : 'Blog post created' })
      await refetchLists()
      onDone(saved)
    },
    onError: async (error, { fields }) => {
      toast({ title: 'Error', description: post ? 'Failed to update blog post' : 'Failed to create blog post', variant: 'destructive' })
      const status = error instanceof HttpError ? error.status : 0
      const refusal = fieldErrorOfRefusal(status, error.message)
      if (refusal) {
        mark({ [refusal.field]: refusal.message }, fields)
      } else if (status === 409 && post) {
        setConflict({ message: 'Someone else saved this post after you opened it. Your changes are still here, not saved.' })
        mark(await changedBySomeoneElse(post.id, form.initial), fields)
      } else if (status === 401) {
        setProblem(`You are signed out, so this was not saved. Your changes are kept in this browser: sign in again and open ${post ? 'this post' : 'New Post'} to restore them.`)
        setFailures((count) => count + 1)
      } else {
        setProblem(`This post was not saved: ${withoutStatus(error.message)}`)
        setFailures((count) => count + 1)
      }
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    start()
  }

  /** Saves the form; `inReview` when the save also submits the draft for review or withdraws it. */
  const start = (inReview?: boolean) => {
    if (save.isPending) return
    setProblem(null)
    setMarked(null)
    const missing = requiredFieldErrors(form.fields)
    if (Object.keys(missing).length > 0) {
      toast({ description: 'Please fill in all required fields', variant: 'destructive' })
      mark(missing, form.fields)
      return
    }
    setConflict(null)
    save.mutate({ version: form.version, fields: form.fields, ...(inReview === undefined ? {} : { inReview }) })
  }

  const loadCurrent = async (loadOptions: { keepMine: boolean }) => {
    if (!post) return
    if (!loadOptions.keepMine && form.dirty && !window.confirm(RELOAD_QUESTION)) return
    try {
      const current = await adminApi.post(post.id)
      setConflict(null)
      setMarked(null)
      if (loadOptions.keepMine) {
        // Save what the admin typed over the version that is there now.
        form.baseOn(current.version)
        save.mutate({ version: current.version, fields: form.fields })
        return
      }
      form.loadSaved(current)
    } catch (error) {
      setProblem(error instanceof HttpError && error.status === 404 ? 'This post was deleted in the meantime.' : withoutStatus((error as Error).message))
    }
  }

  // A field's message stays until that field is edited.
  const errors: FieldErrors = {}
  for (const [name, message] of Object.entries(marked?.errors ?? {}) as [keyof PostFields, string][]) {
    if (marked!.fields[name] === form.fields[name]) errors[name] = message
  }

  return { conflict, problem, errors, failures, saving: save.isPending, submit, setInReview: (inReview: boolean) => start(inReview), loadCurrent }
}

/** The fields the version saved in between changed, each marked; none when it cannot be read. */
async function changedBySomeoneElse(id: string, started: PostFields): Promise<FieldErrors> {
  try {
    const current = await adminApi.post(id)
    return Object.fromEntries(fieldsChangedSince(started, current).map((name) => [name, CHANGED_BY_SOMEONE_ELSE]))
  } catch {
    return {}
  }
}
