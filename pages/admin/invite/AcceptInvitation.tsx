import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { navigate } from 'vike/client/router'
import { toast } from '../../../renderer/components/toast.ts'
import { type InvitationPreview, MIN_NEW_PASSWORD_LENGTH, RECOMMENDED_PASSWORD_LENGTH } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchSignedIn } from '../api/admin-queries.ts'
import { joinWithPasskey, passkeyProblem } from '../passkey-ceremonies.ts'
import { reasonOf, refusalAtField, ROLE_LABELS } from '../people/refusal-field.ts'

const FIELDS = { username: 'Username', email: 'E-mail', password: 'Password' } as const
type Field = keyof typeof FIELDS

/**
 * The invitee's page: the token comes from the link's fragment (never sent to a server by the
 * browser, so never in a log or a Referer), is looked up (who invites, as what), and the invitee
 * chooses a username, an e-mail and a password (or a passkey instead); then they are signed in and
 * go to the posts.
 */
export function AcceptInvitation() {
  const [token] = useState(() => window.location.hash.slice(1))
  const preview = useQuery({ ...adminQueries.invitationPreview(token), enabled: token !== '' })
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (preview.data || preview.isError) heading.current?.focus()
  }, [preview.data, preview.isError])
  const cannot = token === '' ? 'This address holds no invitation: open the whole link you were given.' : preview.isError ? reasonOf(preview.error) : null
  return (
    <div className="container admin-login">
      <div className="admin-card admin-login__form">
        <h1 ref={heading} tabIndex={-1}>
          Join the team
        </h1>
        {cannot ? (
          <p role="alert">{cannot}</p>
        ) : preview.data ? (
          <AcceptForm token={token} invitation={preview.data} />
        ) : (
          <p className="admin-status" role="status">
            Loading the invitation...
          </p>
        )}
      </div>
    </div>
  )
}

/** "Ann Author" → "ann-author": a username the server accepts (at most 64 characters), for the invitee to keep or change. */
function usernameFrom(name: string): string {
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  return plain.replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+|-+$/g, '').slice(0, 64)
}

function AcceptForm(props: { token: string; invitation: InvitationPreview }) {
  const { invitation } = props
  const [username, setUsername] = useState(() => usernameFrom(invitation.displayName))
  const [email, setEmail] = useState(invitation.email ?? '')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const inputs = { username: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }
  // Focus moves once the fields are enabled again (after a refusal's render), as on the login page.
  const [focusAt, setFocusAt] = useState<{ field: Field } | null>(null)
  useEffect(() => {
    if (focusAt) inputs[focusAt.field].current?.focus()
  }, [focusAt])
  const showAt = (field: Field, message: string) => {
    setErrors({ [field]: message })
    setFocusAt({ field })
  }
  const joined = async (user: { username: string }) => {
    toast({ title: 'Welcome to the team', description: `Signed in as ${user.username}` })
    await refetchSignedIn()
    await navigate('/admin/blog')
  }
  const refused = (error: Error) => {
    const atField = refusalAtField(error.message, FIELDS)
    if (atField) showAt(atField.field, atField.message)
  }
  const accept = useMutation({
    mutationFn: () => adminApi.acceptInvitation({ token: props.token, username: username.trim(), email: email.trim(), password }),
    onSuccess: joined,
    onError: refused,
  })
  const withPasskey = useMutation({
    mutationFn: () => joinWithPasskey({ token: props.token, username: username.trim(), email: email.trim() }),
    onSuccess: joined,
    onError: (error) => {
      refused(error)
      if (!refusalAtField(error.message, FIELDS)) toast({ title: 'The passkey was not added', description: passkeyProblem(error), variant: 'destructive' })
    },
  })
  /** The username and e-mail both ways of joining need; false (and the field marked) when one is missing. */
  const chosen = () => {
    if (username.trim() === '') showAt('username', 'Choose a username.')
    else if (email.trim() === '') showAt('email', 'Enter your e-mail address: your commits carry it.')
    else return true
    return false
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen()) return
    if ([...password].length < MIN_NEW_PASSWORD_LENGTH) return showAt('password', `Password must have at least ${MIN_NEW_PASSWORD_LENGTH} characters.`)
    setErrors({})
    accept.mutate()
  }
  const joinWithoutPassword = () => {
    if (!chosen()) return
    setErrors({})
    withPasskey.mutate()
  }
  const invalid = (field: Field, described?: string) => {
    const ids = [described, errors[field] && `invite-${field}-error`].filter(Boolean).join(' ')
    return { ...(errors[field] && { 'aria-invalid': true as const }), ...(ids && { 'aria-describedby': ids }) }
  }
  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`invite-${field}-error`} className="admin-field__error">
        {errors[field]}
      </p>
    )
  const otherProblem = accept.isError && !refusalAtField(accept.error.message, FIELDS) ? reasonOf(accept.error) : null
  const pending = accept.isPending || withPasskey.isPending
  return (
    <form onSubmit={submit} noValidate aria-describedby="invite-who">
      <p id="invite-who">
        {invitation.invitedBy} invites <strong>{invitation.displayName}</strong> to join as {ROLE_LABELS[invitation.role].toLowerCase()}.
      </p>
      <div className="admin-field">
        <label htmlFor="invite-username">Username</label>
        <input
          id="invite-username"
          ref={inputs.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          disabled={pending}
          {...invalid('username', 'invite-username-hint')}
          onChange={(event) => setUsername(event.target.value)}
        />
        <p id="invite-username-hint" className="admin-hint">
          Lowercase letters, digits, dots, dashes or underscores.
        </p>
        {fieldError('username')}
      </div>
      <div className="admin-field">
        <label htmlFor="invite-email">E-mail</label>
        <input id="invite-email" ref={inputs.email} type="email" autoComplete="email" value={email} disabled={pending} {...invalid('email')} onChange={(event) => setEmail(event.target.value)} />
        {fieldError('email')}
      </div>
      <div className="admin-field">
        <label htmlFor="invite-password">Password</label>
        <input
          id="invite-password"
          ref={inputs.password}
          type="password"
          autoComplete="new-password"
          value={password}
          disabled={pending}
          {...invalid('password', 'invite-password-hint')}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id="invite-password-hint" className="admin-hint">
          At least {MIN_NEW_PASSWORD_LENGTH} characters; {RECOMMENDED_PASSWORD_LENGTH} characters or more is better. A few words you will remember make a good one.
        </p>
        {fieldError('password')}
      </div>
      <div role="alert">{otherProblem && <p className="admin-field__error">{otherProblem}</p>}</div>
      <button type="submit" className="button button--primary admin-login__submit" disabled={pending}>
        {accept.isPending ? 'Joining...' : 'Join the team'}
      </button>
      <p className="admin-hint">Or skip the password: your device's screen lock (fingerprint, face or PIN) signs you in.</p>
      <button type="button" className="button admin-login__submit" disabled={pending} onClick={joinWithoutPassword}>
        {withPasskey.isPending ? 'Waiting for your passkey...' : 'Join with a passkey instead'}
      </button>
    </form>
  )
}
