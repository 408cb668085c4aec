import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { AdminPost } from '../../../renderer/contract/index.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { adminApi } from '../api/api-client.ts'
import { refetchLists } from '../api/admin-queries.ts'
import { hasRequiredFields, saveBody } from './post-form.ts'
import type { usePostForm } from './use-post-form.ts'

const RELOAD_QUESTION = 'Load the version that was saved? What you typed in this form will be replaced.'

/** What a 409 left us with: the server's newer version, and what the admin typed is still in the form. */
export interface Conflict {
  message: string
}

/**
 * Saving the editor form (SPEC §4): create or update, and what a failure leaves on screen. A 409
 * is a `conflict` (someone saved in between): the admin loads the saved version, or saves theirs
 * over it. Any other failure is a `problem`; after a 401 the draft kept in this browser is what
 * the admin gets back after signing in again.
 */
export function usePostSave(options: {
  post: AdminPost | null
  form: ReturnType<typeof usePostForm>
  /** Called first when the save went through: nothing is left to keep in this browser. */
  onSaved: () => void
  onDone: () => void
}) {
  const { post, form, onSaved, onDone } = options
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: (saveOptions: { version?: string }) =>
      post ? adminApi.updatePost(post.id, saveBody(form.fields, post), saveOptions.version) : adminApi.createPost(saveBody(form.fields, null)),
    onSuccess: async () => {
      onSaved()
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

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    if (!hasRequiredFields(form.fields)) {
      toast({ description: 'Please fill in all required fields', variant: 'destructive' })
      return
    }
    setConflict(null)
    save.mutate({ version: form.version })
  }

  const loadCurrent = async (loadOptions: { keepMine: boolean }) => {
    if (!post) return
    if (!loadOptions.keepMine && form.dirty && !window.confirm(RELOAD_QUESTION)) return
    try {
      const current = await adminApi.post(post.id)
      setConflict(null)
      if (loadOptions.keepMine) {
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

  return { conflict, problem, saving: save.isPending, submit, loadCurrent }
}
