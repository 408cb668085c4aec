import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { AccountProfile, ProfileChange } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchAccount } from '../api/admin-queries.ts'
import { FieldError, invalidProps } from '../blog/FieldError.tsx'
import { withoutStatus } from '../blog/field-errors.ts'
import { accountFieldError } from './account-field-errors.ts'
import './account.css'

type ProfileField = keyof ProfileChange
const LABELS: Record<ProfileField, string> = { displayName: 'Display name', email: 'E-mail' }

/** Name and e-mail: what the person's commits are authored with, from their next save on. */
export function ProfileSection() {
  const account = useQuery(adminQueries.account())
  return (
    <section className="admin-card account-section" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">Name and e-mail</h2>
      {account.isPending && <p className="admin-status">Loading your details...</p>}
      {account.isError && <p role="alert">Your details could not be loaded ({withoutStatus(account.error.message)}).</p>}
      {account.data && <ProfileForm profile={account.data} />}
    </section>
  )
}

function ProfileForm(props: { profile: AccountProfile }) {
  const ids = useId()
  const field = (name: string) => `${ids}-${name}`
  const [values, setValues] = useState<ProfileChange>({ displayName: props.profile.displayName, email: props.profile.email })
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({})
  const inputs = { displayName: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) }
  const save = useMutation({
    mutationFn: () => adminApi.updateAccount({ displayName: values.displayName.trim(), email: values.email.trim() }),
    onSuccess: async (saved) => {
      setValues({ displayName: saved.displayName, email: saved.email })
      toast({ title: 'Success', description: 'Saved: your next commits are authored with this name and e-mail.' })
      await refetchAccount()
    },
    onError: (error) => {
      const refused = accountFieldError(error.message, LABELS)
      if (!refused) return
      setErrors({ [refused.field]: refused.message })
      inputs[refused.field].current?.focus()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const missing = (Object.keys(LABELS) as ProfileField[]).find((name) => values[name].trim() === '')
    if (missing) {
      setErrors({ [missing]: `Enter your ${missing === 'email' ? 'e-mail address' : 'name'}.` })
      inputs[missing].current?.focus()
      return
    }
    setErrors({})
    save.mutate()
  }
  const change = (name: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
  }
  const otherFailure = save.isError && !accountFieldError(save.error.message, LABELS)
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <p className="admin-hint">Your commits are authored with this name and e-mail address; it is how the history names you.</p>
      {(Object.keys(LABELS) as ProfileField[]).map((name) => (
        <div className="admin-field" key={name}>
          <label htmlFor={field(name)}>{LABELS[name]}</label>
          <input
            ref={inputs[name]}
            id={field(name)}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={name === 'email' ? 'email' : 'name'}
            value={values[name]}
            aria-required="true"
            {...invalidProps(errors, name, field)}
            onChange={(event) => change(name, event.target.value)}
          />
          <FieldError errors={errors} name={name} fieldId={field} />
        </div>
      ))}
      <div role="alert">{otherFailure && <p className="admin-field__error">Not saved: {withoutStatus(save.error!.message)}</p>}</div>
      <button type="submit" className="button" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save name and e-mail'}
      </button>
    </form>
  )
}
