import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { navigate, prefetch } from 'vike/client/router'
import { toast } from '../../../renderer/components/toast.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import { AdminProviders } from '../AdminProviders.tsx'
import { adminApi } from '../api/api-client.ts'
import { refetchSignedIn } from '../api/admin-queries.ts'
import type { SecondFactorKind } from '../../../core/contract/index.ts'
import { PasskeyButton } from './PasskeyButton.tsx'
import { SecondStep } from './SecondStep.tsx'

export default function Page() {
  return (
    <AdminProviders>
      <LoginForm />
    </AdminProviders>
  )
}

/**
 * SPEC §2 "Admin login", §4 (idle, pending, success or failure), §5, §8. Focus starts in
 * Username; an empty field takes it back; a refused sign-in returns it to the password, selected,
 * so the next try is typed over it.
 */
function LoginForm() {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const usernameInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const [failures, setFailures] = useState(0)
  useEffect(() => {
    if (failures === 0) return
    passwordInput.current?.focus()
    passwordInput.current?.select()
  }, [failures])
  // The blog admin's code downloads while the admin types: after the sign-in it only waits for data.
  useEffect(() => {
    void prefetch('/admin/blog', { pageContext: false }).catch(() => {}) // a failure shows on the navigation itself
  }, [])
  // The password was right and the person has a second factor: the sign-in finishes there.
  const [secondStep, setSecondStep] = useState<SecondFactorKind[] | null>(null)
  const signedIn = async () => {
    toast({ title: 'Login successful', description: 'Welcome back!' })
    await refetchSignedIn()
    await navigate('/admin/blog')
  }
  const login = useMutation({
    mutationFn: () => adminApi.login({ username, password }),
    onSuccess: async (answer) => {
      if (answer) setSecondStep(answer.secondFactor)
      else await signedIn()
    },
    onError: (error) => {
      // A blocked sign-in (429) says when to try again; the server's text carries the wait.
      const blocked = error instanceof HttpError && error.status === 429
      toast({
        title: 'Login failed',
        description: blocked ? error.message.replace(/^429: /, '') : 'Invalid username or password',
        variant: 'destructive',
      })
      // Focus goes back once the fields are enabled again (after this render).
      setFailures((count) => count + 1)
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!username || !password) {
      toast({ title: 'Error', description: 'Please enter both username and password', variant: 'destructive' })
      ;(username ? passwordInput : usernameInput).current?.focus()
      return
    }
    login.mutate()
  }

  const pending = login.isPending
  if (secondStep) {
    const back = () => {
      setSecondStep(null)
      setPassword('')
      // The password field takes focus again once the form is back.
      setFailures((count) => count + 1)
    }
    const passkey = <PasskeyButton label="Use your passkey" className="button button--primary admin-login__submit" onSignedIn={signedIn} autoFocus={!secondStep.includes('totp')} />
    return (
      <div className="container admin-login">
        <SecondStep factors={secondStep} onSignedIn={signedIn} onBack={back} passkey={passkey} />
      </div>
    )
  }
  return (
    <div className="container admin-login">
      <div className="admin-login__stack">
        <form className="admin-card admin-login__form" onSubmit={submit} noValidate aria-labelledby="admin-login-title">
          <h1 id="admin-login-title">Admin login</h1>
          <div className="admin-field">
            <label htmlFor="admin-username">Username</label>
            <input
              ref={usernameInput}
              id="admin-username"
              name="username"
              autoFocus
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              disabled={pending}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="admin-password">Password</label>
            <input
              ref={passwordInput}
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              disabled={pending}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary admin-login__submit" disabled={pending}>
            {pending ? 'Logging in...' : 'Login'}
          </button>
        </form>
        <PasskeyButton label="Sign in with a passkey" className="button admin-login__submit" onSignedIn={signedIn} />
      </div>
    </div>
  )
}
