import { useMutation, useQuery } from '@tanstack/react-query'
import { toast } from '../../../renderer/components/toast.ts'
import type { InvitationState, InvitationWire } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchPeople } from '../api/admin-queries.ts'
import { reasonOf, ROLE_LABELS } from './refusal-field.ts'

const STATE_LABELS: Record<InvitationState, string> = { pending: 'Pending', used: 'Accepted', expired: 'Expired', revoked: 'Revoked' }

/** The invitations sent, newest first: pending ones may be revoked; accepted ones name who joined. */
export function InvitationsSection() {
  const invitations = useQuery(adminQueries.invitations())
  return (
    <section className="admin-card people-section" aria-labelledby="people-invitations-title">
      <h2 id="people-invitations-title">Invitations</h2>
      {invitations.isError && <p role="alert">The invitations could not be loaded ({invitations.error.message}).</p>}
      {invitations.isPending && <p className="admin-status">Loading invitations...</p>}
      {invitations.data?.length === 0 && <p className="admin-hint">No invitations yet.</p>}
      {invitations.data && invitations.data.length > 0 && (
        <table className="people-table">
          <caption className="visually-hidden">Invitations, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Invited</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.data.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function InvitationRow(props: { invitation: InvitationWire }) {
  const { invitation } = props
  const revoke = useMutation({
    mutationFn: () => adminApi.revokeInvitation(invitation.id),
    onSuccess: async () => {
      toast({ title: 'Success', description: `The invitation of ${invitation.displayName} was revoked` })
      await refetchPeople()
    },
    onError: (error) => toast({ title: 'Error', description: `The invitation could not be revoked (${reasonOf(error)})`, variant: 'destructive' }),
  })
  return (
    <tr>
      <th scope="row">
        {invitation.displayName}
        {invitation.email && (
          <>
            <br />
            <span className="admin-hint">{invitation.email}</span>
          </>
        )}
        <br />
        <span className="admin-hint">by {invitation.invitedBy}</span>
      </th>
      <td>{ROLE_LABELS[invitation.role]}</td>
      <td>
        {STATE_LABELS[invitation.state]}
        <br />
        <span className="admin-hint">{stateDetail(invitation)}</span>
      </td>
      <td>
        {invitation.state === 'pending' && (
          <button type="button" className="button" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
            <span className="visually-hidden"> the invitation of {invitation.displayName}</span>
          </button>
        )}
      </td>
    </tr>
  )
}

function stateDetail(invitation: InvitationWire): string {
  if (invitation.state === 'used') return `joined as ${invitation.usedBy}`
  const day = new Date(invitation.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return invitation.state === 'pending' ? `until ${day}` : invitation.state === 'expired' ? `since ${day}` : ''
}
