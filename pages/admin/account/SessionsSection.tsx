import { useMutation, useQuery } from '@tanstack/react-query'
import { toast } from '../../../renderer/components/toast.ts'
import type { SessionWire } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchAccount } from '../api/admin-queries.ts'
import { withoutStatus } from '../blog/field-errors.ts'
import './account.css'

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Where the person is signed in: each browser's session, by device and last use, this one marked.
 * Ending one signs that browser out at its next request; "End all other sessions" after a lost
 * laptop or a shared computer.
 */
export function SessionsSection() {
  const sessions = useQuery(adminQueries.accountSessions())
  const others = sessions.data?.filter((session) => !session.current) ?? []
  const endOthers = useMutation({
    mutationFn: () => adminApi.endOtherSessions(),
    onSuccess: async ({ ended }) => {
      toast({ title: 'Success', description: `${ended} other session${ended === 1 ? '' : 's'} ended.` })
      await refetchAccount()
    },
    onError: (error) => toast({ title: 'Error', description: `The sessions could not be ended (${withoutStatus(error.message)})`, variant: 'destructive' }),
  })
  return (
    <section className="admin-card account-section" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">Where you are signed in</h2>
      <p className="admin-hint">A session ends after 2 hours without use, or 12 hours after signing in. Changing your password ends all but this one.</p>
      {sessions.isPending && <p className="admin-status">Loading your sessions...</p>}
      {sessions.isError && <p role="alert">Your sessions could not be loaded ({withoutStatus(sessions.error.message)}).</p>}
      {sessions.data && (
        <ul className="account-sessions__list" aria-label="Your sessions">
          {sessions.data.map((session) => (
            <SessionItem key={session.handle} session={session} />
          ))}
        </ul>
      )}
      {sessions.data && (
        <button type="button" className="button" disabled={others.length === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
          {endOthers.isPending ? 'Ending...' : 'End all other sessions'}
        </button>
      )}
    </section>
  )
}

function SessionItem(props: { session: SessionWire }) {
  const { session } = props
  const end = useMutation({
    mutationFn: () => adminApi.endSession(session.handle),
    onSuccess: async () => {
      toast({ title: 'Success', description: `The session on ${session.device} ended.` })
      await refetchAccount()
    },
    onError: (error) => toast({ title: 'Error', description: `The session could not be ended (${withoutStatus(error.message)})`, variant: 'destructive' }),
  })
  const lastUsed = WHEN.format(new Date(session.lastUsedAt))
  return (
    <li className="account-sessions__item">
      <div>
        <p className="account-sessions__device">
          {session.device}
          {session.current && (
            <>
              {' '}
              <span className="admin-badge">This device</span>
            </>
          )}
        </p>
        <p className="account-sessions__times">
          Signed in {WHEN.format(new Date(session.signedInAt))} · last used {lastUsed}
        </p>
      </div>
      {!session.current && (
        <button type="button" className="button" disabled={end.isPending} aria-label={`End the session on ${session.device}, last used ${lastUsed}`} onClick={() => end.mutate()}>
          {end.isPending ? 'Ending...' : 'End'}
        </button>
      )}
    </li>
  )
}
