import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { IdentityProof, TotpSetup } from '../../../core/contract/index.ts'
import { toast } from '../../../renderer/components/toast.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchSecondFactor } from '../api/admin-queries.ts'
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx'
import './two-factor.css'

/**
 * Two-step verification with an authenticator app: set it up (scan the QR code or type the key,
 * then confirm with a code), its recovery codes shown once, new ones, and turning it off. Both
 * of the last ask for the password or a current code again.
 */
export function TwoFactorSection(props: { mustAddSecondFactor: boolean }) {
  const status = useQuery(adminQueries.totpStatus())
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)

  const start = useMutation({ mutationFn: adminApi.startTotpSetup, onSuccess: setSetup, onError: showError })

  return (
    <section className="admin-card account-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-step verification</h2>
      {props.mustAddSecondFactor && (
        <div className="admin-alert" role="alert">
          <p>This site requires two-step verification. Set up an authenticator app (or add a passkey) before you go on: until then, only this page works.</p>
        </div>
      )}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <SetupForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onConfirmed={(recoveryCodes) => {
            setSetup(null)
            setCodes(recoveryCodes)
          }}
        />
      ) : status.data?.enabled ? (
        <EnabledControls addedAt={status.data.addedAt!} codesLeft={status.data.recoveryCodesLeft} onNewCodes={setCodes} />
      ) : status.data ? (
        <>
          <p className="admin-hint">Off. With it on, signing in asks for a code from an authenticator app on your phone after your password.</p>
          <button type="button" className="button button--primary" disabled={start.isPending} onClick={() => start.mutate()}>
            Set up an authenticator app
          </button>
        </>
      ) : (
        <p className="admin-hint">Loading…</p>
      )}
    </section>
  )
}

/** The QR code, the same key as text (for typing), and the code that proves the app has it. */
function SetupForm(props: { setup: TotpSetup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const { setup } = props
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const confirm = useMutation({
    mutationFn: () => adminApi.confirmTotp(code),
    onSuccess: async ({ recoveryCodes }) => {
      toast({ title: 'Two-step verification is on', description: 'Save your recovery codes now: they are shown only once.' })
      await refetchSecondFactor()
      props.onConfirmed(recoveryCodes)
    },
    onError: (error) => {
      showError(error)
      input.current?.focus()
      input.current?.select()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) return void input.current?.focus()
    confirm.mutate()
  }
  return (
    <form className="two-factor-setup" onSubmit={submit} noValidate>
      <h3 ref={heading} tabIndex={-1}>
        Set up your authenticator app
      </h3>
      <ol className="two-factor-setup__steps">
        <li>
          <p>Scan this QR code with your authenticator app (1Password, Google Authenticator, Authy…):</p>
          <img className="two-factor-setup__qr" src={setup.qrCode} alt="QR code to add Watchio to an authenticator app" width={200} height={200} />
          <p>
            Or type this key into the app: <code className="two-factor-setup__key" data-testid="totp-secret">{groupKey(setup.secret)}</code>
          </p>
        </li>
        <li>
          <div className="admin-field">
            <label htmlFor="two-factor-confirm-code">Code from the app</label>
            <input
              ref={input}
              id="two-factor-confirm-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              value={code}
              disabled={confirm.isPending}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
        </li>
      </ol>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on'}
        </button>
        <button type="button" className="button" disabled={confirm.isPending} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** On: since when, codes left; new recovery codes or off, each after the password or a code. */
function EnabledControls(props: { addedAt: string; codesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const [proof, setProof] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const proofOf = (): IdentityProof => (/^\s*\d{3}\s?\d{3}\s*$/.test(proof) ? { code: proof } : { password: proof })
  const failed = (error: Error) => {
    showError(error)
    input.current?.focus()
    input.current?.select()
  }
  const renew = useMutation({
    mutationFn: () => adminApi.newRecoveryCodes(proofOf()),
    onSuccess: async ({ recoveryCodes }) => {
      setProof('')
      await refetchSecondFactor()
      props.onNewCodes(recoveryCodes)
    },
    onError: failed,
  })
  const disable = useMutation({
    mutationFn: () => adminApi.disableTotp(proofOf()),
    onSuccess: async () => {
      setProof('')
      toast({ title: 'Two-step verification is off', description: 'Signing in asks for your password only.' })
      await refetchSecondFactor()
    },
    onError: failed,
  })
  const run = (action: typeof renew | typeof disable) => {
    if (!proof.trim()) {
      toast({ title: 'Error', description: 'Please enter your password or a current code first', variant: 'destructive' })
      return void input.current?.focus()
    }
    action.mutate()
  }
  const pending = renew.isPending || disable.isPending
  return (
    <div className="two-factor-enabled">
      <p role="status">
        <strong>On</strong> since {new Date(props.addedAt).toLocaleDateString()}, with an authenticator app. Recovery codes left: {props.codesLeft}.
      </p>
      <div className="admin-field">
        <label htmlFor="two-factor-proof">Your password or a current code</label>
        <input ref={input} id="two-factor-proof" type="password" autoComplete="current-password" value={proof} disabled={pending} onChange={(event) => setProof(event.target.value)} />
        <p className="admin-hint">Asked again before new recovery codes or turning it off.</p>
      </div>
      <div className="admin-form__actions">
        <button type="button" className="button" disabled={pending} onClick={() => run(renew)}>
          New recovery codes
        </button>
        <button type="button" className="button button--danger" disabled={pending} onClick={() => run(disable)}>
          Turn off
        </button>
      </div>
    </div>
  )
}

/** `ABCD EFGH …`: a long key is typed right in groups of four. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

function showError(error: Error): void {
  const description = error instanceof HttpError ? error.message.replace(/^\d{3}: /, '') : 'Something went wrong. Try again.'
  toast({ title: 'Error', description, variant: 'destructive' })
}
