import { useMutation } from '@tanstack/react-query'
import { toast } from '../../../renderer/components/toast.ts'
import { passkeyProblem, signInWithPasskey } from '../passkey-ceremonies.ts'
import './passkey-sign-in.css'

/**
 * Signs in with a passkey: on the login page with no username asked (the browser offers the
 * site's passkeys), and in the second step after a password, where the server takes only that
 * person's. `onSignedIn` does what a signed-in form does (the SPEC's toast and redirect).
 */
export function PasskeyButton(props: { label: string; onSignedIn: () => Promise<void>; className?: string; autoFocus?: boolean }) {
  const signIn = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: () => props.onSignedIn(),
    onError: (error) => toast({ title: 'Passkey sign-in failed', description: passkeyProblem(error), variant: 'destructive' }),
  })
  return (
    <button type="button" className={props.className ?? 'button'} autoFocus={props.autoFocus} disabled={signIn.isPending} onClick={() => signIn.mutate()}>
      {signIn.isPending ? 'Waiting for your passkey...' : props.label}
    </button>
  )
}
