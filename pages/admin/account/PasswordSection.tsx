import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { type AccountProfile, MIN_NEW_PASSWORD_LENGTH, type PasswordChange, RECOMMENDED_PASSWORD_LENGTH } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchAccount } from '../api/admin-queries.ts'
import { FieldError, invalidProps } from '../blog/FieldError.tsx'
import { withoutStatus } from '../blog/field-errors.ts'
import { accountFieldError } from './account-field-errors.ts'
import './account.css'

type PasswordField = keyof PasswordChange
const LABELS: Record<PasswordField, string> = { currentPassword: 'Current password', newPassword: 'New password' }
const HINT = `At least ${MIN_NEW_PASSWORD_LENGTH} characters; ${RECOMMENDED_PASSWORD_LENGTH} or more is better. A few words you will remember make a good one.`

/**
 * A new password: the current one first (a person who signs in with a passkey alone has none, and
 * sets one right after signing in). Changing it ends every other session of the person.
 */
export function PasswordSection() {
  const account = useQuery(adminQueries.account())
  return (
    <section className="admin-card account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      {account.data && <PasswordForm profile={account.data} />}
    </section>
  )
}

function PasswordForm(props: { profile: AccountProfile }) {
  const { profile } = props
  const ids = useId()
  const field = (name: string) => `${ids}-${name}`
  const [values, setValues] = useState<Record<PasswordField, string>>({ currentPassword: '', newPassword: '' })
  const [shown, setShown] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({})
  const inputs = { currentPassword: useRef<HTMLInputElement>(null), newPassword: useRef<HTMLInputElement>(null) }
  const fields: PasswordField[] = profile.hasPassword ? ['currentPassword', 'newPassword'] : ['newPassword']
  const refuse = (name: PasswordField, message: string) => {
    setErrors({ [name]: message })
    inputs[name].current?.focus()
  }
  const change = useMutation({
    mutationFn: () => adminApi.changePassword(profile.hasPassword ? values : { newPassword: values.newPassword }),
    onSuccess: async ({ ended }) => {
      setValues({ currentPassword: '', newPassword: '' })
      setShown(false)
      const others = ended === 0 ? 'You had no other sessions.' : `${ended} other session${ended === 1 ? '' : 's'} ended.`
      toast({ title: 'Success', description: `Password changed. ${others}` })
      await refetchAccount()
    },
    onError: (error) => {
      const refused = accountFieldError(error.message, LABELS, profile.hasPassword ? 'currentPassword' : undefined)
      if (refused) refuse(refused.field, refused.message)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (profile.hasPassword && values.currentPassword === '') return refuse('currentPassword', 'Enter your current password.')
    if ([...values.newPassword.normalize('NFC')].length < MIN_NEW_PASSWORD_LENGTH) {
      return refuse('newPassword', `The new password needs at least ${MIN_NEW_PASSWORD_LENGTH} characters.`)
    }
    setErrors({})
    change.mutate()
  }
  const update = (name: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
  }
  const otherFailure = change.isError && !accountFieldError(change.error.message, LABELS, profile.hasPassword ? 'currentPassword' : undefined)
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {!profile.hasPassword && (
        <p className="admin-hint">You sign in with a passkey and have no password. You can set one within 10 minutes of signing in with your passkey.</p>
      )}
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={profile.username} readOnly hidden />
      {fields.map((name) => (
        <div className="admin-field" key={name}>
          <label htmlFor={field(name)}>{LABELS[name]}</label>
          <input
            ref={inputs[name]}
            id={field(name)}
            type={shown ? 'text' : 'password'}
            autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
            spellCheck={false}
            autoCapitalize="off"
            value={values[name]}
            aria-required="true"
            {...invalidProps(errors, name, field)}
            aria-describedby={[name === 'newPassword' ? field('hint') : '', errors[name] ? field(`${name}-error`) : ''].filter(Boolean).join(' ') || undefined}
            onChange={(event) => update(name, event.target.value)}
          />
          {name === 'newPassword' && (
            <p id={field('hint')} className="admin-hint">
              {HINT}
            </p>
          )}
          <FieldError errors={errors} name={name} fieldId={field} />
        </div>
      ))}
      <button type="button" className="button" aria-pressed={shown} onClick={() => setShown((now) => !now)}>
        Show passwords
      </button>
      <p className="admin-hint">Changing your password signs you out everywhere else.</p>
      <div role="alert">{otherFailure && <p className="admin-field__error">Not changed: {withoutStatus(change.error!.message)}</p>}</div>
      <button type="submit" className="button" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : profile.hasPassword ? 'Change password' : 'Set password'}
      </button>
    </form>
  )
}
