import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { toast } from '../../../renderer/components/toast.ts'
import { readFieldErrors, type SiteFileWire } from '../../../core/contract/index.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { SITE_FILES, type SiteContent, type SiteFileName } from '../../../core/site-content/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchSitePages } from '../api/admin-queries.ts'
import { queryClient } from '../api/query-client.ts'
import { withoutStatus } from '../blog/field-errors.ts'

/** What the form says above its Save button: a refusal that names no field, or a stale edit (409). */
export type SaveProblem = { kind: 'conflict' | 'failed'; message: string } | null

/**
 * Saving a file of the site's copy: PUT with the version the form started from. The answer's
 * values and version become the form's; a 400 puts each refused field's reason at its field
 * (focus on the first); a 409 (someone saved since, or a pull came) keeps the form as typed
 * and says which fields changed, with a way to load the saved version.
 */
export function useSiteSave<N extends SiteFileName>(name: N, form: UseFormReturn<FieldValues>, initialVersion: string | null) {
  const [version, setVersion] = useState(initialVersion)
  const [problem, setProblem] = useState<SaveProblem>(null)
  const title = SITE_FILES[name].title

  const taken = (file: SiteFileWire<N>) => {
    setVersion(file.version)
    setProblem(null)
    form.reset(file.values as FieldValues)
    queryClient.setQueryData(adminQueries.sitePage(name).queryKey, file)
  }

  const save = useMutation({
    mutationFn: (values: SiteContent[N]) => adminApi.saveSitePage(name, values, version),
    onSuccess: async (file) => {
      taken(file)
      toast({ title: 'Success', description: file.review ? `${title} saved on its review branch (${file.review.branch})` : `${title} saved` })
      await refetchSitePages()
    },
    onError: (error) => {
      const status = error instanceof HttpError ? error.status : 0
      toast({ title: 'Error', description: `Failed to save ${title}`, variant: 'destructive' })
      if (status === 409) return setProblem({ kind: 'conflict', message: withoutStatus(error.message) })
      const fields = status === 400 ? readFieldErrors(error.message).filter((field) => field.path !== 'values') : []
      fields.forEach((field, index) => form.setError(field.path, { type: 'server', message: sentence(field.reason) }, { shouldFocus: index === 0 }))
      if (fields.length === 0) setProblem({ kind: 'failed', message: `Failed to save ${title} (${withoutStatus(error.message)})` })
    },
  })

  /** After a 409: the file as it is now, in place of what was typed. */
  const reload = async () => {
    const file = await queryClient.fetchQuery({ ...adminQueries.sitePage(name), staleTime: 0 })
    taken(file)
    toast({ description: `${title}: the saved version is loaded` })
  }

  return { version, problem, save, reload, taken }
}

function sentence(text: string): string {
  const said = text.charAt(0).toUpperCase() + text.slice(1)
  return /[.!?)]$/.test(said) ? said : `${said}.`
}
