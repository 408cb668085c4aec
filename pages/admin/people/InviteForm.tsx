import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { INVITATION_DAYS, type InviteResult, ROLES, type Role } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { refetchPeople } from '../api/admin-queries.ts'
import { reasonOf, refusalAtField, ROLE_LABELS } from './refusal-field.ts'

const FIELDS = { displayName: 'Name', role: 'Role', email: 'E-mail' } as const
type Field = keyof typeof FIELDS

/**
 * "Invite someone": a name, a role and, optionally, an e-mail address. The answer is the one-time
 * link, shown once to copy (the server keeps only its hash), and whether an e-mail carried it.
 * A refusal is said at its field, which takes focus.
 */
export function InviteForm() {
  const [displayName, setDisplayName] = useState('')
  const [role, setRole] = useState<Role>('author')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [result, setResult] = useState<InviteResult | null>(null)
  const inputs = { displayName: useRef<HTMLInputElement>(null), role: useRef<HTMLSelectElement>(null), email: useRef<HTMLInputElement>(null) }
  const invite = useMutation({
    mutationFn: () => adminApi.invite({ displayName: displayName.trim(), role, ...(email.trim() && { email: email.trim() }) }),
    onSuccess: async (invited) => {
      setResult(invited)
      setDisplayName('')
      setEmail('')
      await refetchPeople()
    },
    onError: (error) => {
      const atField = refusalAtField(error.message, FIELDS)
      if (!atField) return
      setErrors({ [atField.field]: atField.message })
      inputs[atField.field].current?.focus()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setResult(null)
    if (displayName.trim() === '') {
      setErrors({ displayName: 'Enter the name of the person you invite.' })
      inputs.displayName.current?.focus()
      return
    }
    setErrors({})
    invite.mutate()
  }
  const invalid = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `people-invite-${field}-error` } : {})
  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`people-invite-${field}-error`} className="admin-field__error">
        {errors[field]}
      </p>
    )
  const otherProblem = invite.isError && !refusalAtField(invite.error.message, FIELDS) ? reasonOf(invite.error) : null
  return (
    <section className="admin-card people-section" aria-labelledby="people-invite-title">
      <h2 id="people-invite-title">Invite someone</h2>
      <form onSubmit={submit} noValidate>
        <p className="admin-hint">
          You get a link to hand over; it works once, for {INVITATION_DAYS} days. With an e-mail address, the site also sends it when e-mail is set up.
        </p>
        <div className="admin-form__row">
          <div className="admin-field">
            <label htmlFor="people-invite-displayName">Name</label>
            <input id="people-invite-displayName" ref={inputs.displayName} value={displayName} autoComplete="off" {...invalid('displayName')} onChange={(event) => setDisplayName(event.target.value)} />
            {fieldError('displayName')}
          </div>
          <div className="admin-field">
            <label htmlFor="people-invite-role">Role</label>
            <select id="people-invite-role" ref={inputs.role} value={role} {...invalid('role')} onChange={(event) => setRole(event.target.value as Role)}>
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
            {fieldError('role')}
          </div>
          <div className="admin-field">
            <label htmlFor="people-invite-email">E-mail (optional)</label>
            <input id="people-invite-email" ref={inputs.email} type="email" value={email} autoComplete="off" {...invalid('email')} onChange={(event) => setEmail(event.target.value)} />
            {fieldError('email')}
          </div>
        </div>
        <div role="alert">{otherProblem && <p className="admin-field__error">{otherProblem}</p>}</div>
        <button type="submit" className="button button--primary" disabled={invite.isPending}>
          {invite.isPending ? 'Creating the link...' : 'Create invitation link'}
        </button>
      </form>
      {result && <InviteLink result={result} />}
    </section>
  )
}

/** The link, once: focused and selected for copying, with a Copy button, and what became of the e-mail (its description). */
function InviteLink(props: { result: InviteResult }) {
  const { result } = props
  const link = useRef<HTMLInputElement>(null)
  useEffect(() => link.current?.focus(), [result])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.link)
      toast({ title: 'Copied', description: 'The invitation link is on the clipboard' })
    } catch {
      toast({ title: 'Error', description: 'The link could not be copied: select it and copy it yourself', variant: 'destructive' })
    }
  }
  return (
    <div className="people-section">
      <p id="people-invite-outcome">
        Invitation for <strong>{result.invitation.displayName}</strong> ({ROLE_LABELS[result.invitation.role].toLowerCase()}) created.{' '}
        {result.mail.sent ? `The link was e-mailed to ${result.invitation.email}.` : result.mail.reason}
      </p>
      <div className="admin-field">
        <label htmlFor="people-invite-link">Invitation link (shown once)</label>
        <div className="people-link">
          <input id="people-invite-link" ref={link} readOnly value={result.link} aria-describedby="people-invite-outcome" onFocus={(event) => event.target.select()} />
          <button type="button" className="button" onClick={copy}>
            Copy link
          </button>
        </div>
      </div>
    </div>
  )
}
