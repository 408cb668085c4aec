import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries } from '../api/admin-queries.ts'
import { queryClient } from '../api/query-client.ts'

/** For admins: the team's sign-in rule, a second factor required of everyone. */
export function SecuritySection() {
  const settings = useQuery(adminQueries.securitySettings())
  const [choice, setChoice] = useState<boolean | null>(null)
  const required = choice ?? settings.data?.requireSecondFactor ?? false
  const save = useMutation({
    mutationFn: () => adminApi.saveSecuritySettings({ requireSecondFactor: required }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueries.securitySettings().queryKey, saved)
      setChoice(null)
      toast({
        title: 'Sign-in rules saved',
        description: saved.requireSecondFactor ? 'Everyone must now use two-step verification.' : 'Two-step verification is up to each person.',
      })
    },
    onError: (error) => {
      const description = error instanceof HttpError ? error.message.replace(/^\d{3}: /, '') : 'Something went wrong. Try again.'
      toast({ title: 'Error', description, variant: 'destructive' })
    },
  })
  if (!settings.data) return null
  return (
    <section className="admin-card account-section" aria-labelledby="security-settings-title">
      <h2 id="security-settings-title">Team sign-in rules</h2>
      <form
        className="account-section__form"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        <div className="account-check">
          <label>
            <input type="checkbox" checked={required} disabled={save.isPending} onChange={(event) => setChoice(event.target.checked)} /> Require two-step verification for everyone
          </label>
          <p className="admin-hint">People without an authenticator app or a passkey are sent to their account page to add one before anything else.</p>
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending || choice === null}>
            Save rules
          </button>
        </div>
      </form>
    </section>
  )
}
