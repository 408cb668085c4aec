import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { SECOND_STEP_EXPIRED, type SecondFactorKind } from '../../../core/contract/index.ts'
import { toast } from '../../../renderer/components/toast.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { adminApi } from '../api/api-client.ts'

type CodeKind = 'totp' | 'recovery'

/**
 * The sign-in's second step, in the login card once the password was right (202): a code from
 * the authenticator app, or one of the recovery codes. `passkey` is shown when the account has
 * a passkey (its button finishes the same step). Focus goes to the code field as it appears.
 */
export function SecondStep(props: { factors: SecondFactorKind[]; onSignedIn: () => Promise<void>; onBack: () => void; passkey?: ReactNode }) {
  const { factors, onSignedIn, onBack } = props
  const [kind, setKind] = useState<CodeKind | null>(factors.includes('totp') ? 'totp' : null)
  const [code, setCode] = useState('')
  const [failures, setFailures] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const hintId = useId()
  useEffect(() => {
    // The code field when there is one; otherwise (a passkey only) its button, which takes focus itself.
    if (!input.current) return void (factors.includes('passkey') || heading.current?.focus())
    input.current.focus()
    input.current.select()
  }, [kind, failures])

  const verify = useMutation({
    mutationFn: () => adminApi.loginCode(code),
    onSuccess: onSignedIn,
    onError: (error) => {
      const message = error instanceof HttpError ? error.message.replace(/^\d{3}: /, '') : 'The code could not be checked. Try again.'
      toast({ title: 'Login failed', description: message, variant: 'destructive' })
      if (message === SECOND_STEP_EXPIRED) return onBack()
      setFailures((count) => count + 1)
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) {
      toast({ title: 'Error', description: kind === 'recovery' ? 'Please enter a recovery code' : 'Please enter the 6-digit code', variant: 'destructive' })
      input.current?.focus()
      return
    }
    verify.mutate()
  }

  const switchTo = (next: CodeKind) => {
    setCode('')
    setKind(next)
  }

  const pending = verify.isPending
  return (
    <form className="admin-card admin-login__form" onSubmit={submit} noValidate aria-labelledby="admin-second-step-title">
      <h1 id="admin-second-step-title" ref={heading} tabIndex={-1}>
        Two-step verification
      </h1>
      {!kind && <p className="admin-hint">Your password was right. Finish signing in with your passkey.</p>}
      {kind && (
        <>
          <p id={hintId} className="admin-hint">
            {kind === 'totp'
              ? 'Enter the 6-digit code your authenticator app shows for Watchio.'
              : 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.'}
          </p>
          <div className="admin-field">
            <label htmlFor="admin-second-step-code">{kind === 'totp' ? 'Authentication code' : 'Recovery code'}</label>
            <input
              key={kind}
              ref={input}
              id="admin-second-step-code"
              name={kind === 'totp' ? 'one-time-code' : 'recovery-code'}
              autoComplete={kind === 'totp' ? 'one-time-code' : 'off'}
              inputMode={kind === 'totp' ? 'numeric' : 'text'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={kind === 'totp' ? 7 : 20}
              aria-describedby={hintId}
              value={code}
              disabled={pending}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary admin-login__submit" disabled={pending}>
            {pending ? 'Verifying...' : 'Verify'}
          </button>
        </>
      )}
      {factors.includes('passkey') && props.passkey}
      <div className="admin-second-step__options">
        {kind !== 'recovery' && factors.includes('totp') && (
          <button type="button" className="button" disabled={pending} onClick={() => switchTo('recovery')}>
            Use a recovery code
          </button>
        )}
        {kind === 'recovery' && factors.includes('totp') && (
          <button type="button" className="button" disabled={pending} onClick={() => switchTo('totp')}>
            Use the authenticator app
          </button>
        )}
        <button type="button" className="button" disabled={pending} onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  )
}
