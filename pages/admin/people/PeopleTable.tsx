import { useMutation, useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { type PersonWire, ROLES, type Role } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchPeople } from '../api/admin-queries.ts'
import { reasonOf, ROLE_LABELS } from './refusal-field.ts'

/** Everyone in the team, one row each, with what an admin may change. `me`: the signed-in admin's username. */
export function PeopleTable(props: { me: string }) {
  const people = useQuery(adminQueries.people())
  if (people.isError) return <p role="alert">The team could not be loaded ({people.error.message}).</p>
  if (!people.data) return <p className="admin-status">Loading the team...</p>
  return (
    <section className="admin-card people-section" aria-labelledby="people-team-title">
      <h2 id="people-team-title">Team</h2>
      <table className="people-table">
        <caption className="visually-hidden">Everyone who may sign in to the admin, with their role</caption>
        <thead>
          <tr>
            <th scope="col">Person</th>
            <th scope="col">Role</th>
            <th scope="col">Second factor</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {people.data.map((person) => (
            <PersonRow key={person.username} person={person} isMe={person.username === props.me} />
          ))}
        </tbody>
      </table>
    </section>
  )
}

const REMOVE_QUESTION = (name: string) =>
  `Remove ${name} from the team? They can no longer sign in, and their sessions end. Their commits keep their name: git history is not rewritten.`
const RESET_QUESTION = (name: string) =>
  `Remove ${name}'s authenticator app, recovery codes and passkeys? They sign in with their password alone until they add a second factor again; their sessions end.`

function PersonRow(props: { person: PersonWire; isMe: boolean }) {
  const { person, isMe } = props
  const id = useId()
  const errorId = `${id}-error`
  const name = person.displayName
  const change = useMutation({
    mutationFn: (body: { role?: Role; disabled?: boolean }) => adminApi.changePerson(person.username, body),
    onSuccess: async (changed, body) => {
      const said = body.role ? `${changed.displayName} is now ${ROLE_LABELS[changed.role].toLowerCase()}` : `${changed.displayName} is ${changed.disabled ? 'disabled' : 'enabled'}`
      toast({ title: 'Success', description: said })
      await refetchPeople()
    },
  })
  const remove = useMutation({
    mutationFn: () => adminApi.removePerson(person.username),
    onSuccess: async () => {
      toast({ title: 'Success', description: `${name} was removed from the team` })
      await refetchPeople()
    },
  })
  const reset = useMutation({
    mutationFn: () => adminApi.resetFactors(person.username),
    onSuccess: async () => {
      toast({ title: 'Success', description: `${name}'s second factors were removed` })
      await refetchPeople()
    },
  })
  const signOut = useMutation({
    mutationFn: () => adminApi.endPersonSessions(person.username),
    onSuccess: ({ ended }) => toast({ title: 'Success', description: `${name} was signed out everywhere (${ended} session${ended === 1 ? '' : 's'} ended)` }),
  })
  const busy = change.isPending || remove.isPending || reset.isPending || signOut.isPending
  // A refusal (the last enabled admin, say) is said in the row it concerns; the next action clears it.
  const failed = [change, remove, reset, signOut].find((mutation) => mutation.isError)?.error
  const act = (run: () => void) => {
    for (const mutation of [change, remove, reset, signOut]) mutation.reset()
    run()
  }
  return (
    <tr>
      <th scope="row">
        <span className="people-name">{name}</span> ({person.username}){isMe && ' (you)'}
        <br />
        <span className="admin-hint">{person.email}</span>
        {person.disabled && (
          <>
            {' '}
            <span className="admin-badge">Disabled</span>
          </>
        )}
      </th>
      <td>
        <label className="visually-hidden" htmlFor={`${id}-role`}>
          Role of {name}
        </label>
        <select
          id={`${id}-role`}
          value={person.role}
          disabled={busy}
          aria-describedby={failed ? errorId : undefined}
          onChange={(event) => act(() => change.mutate({ role: event.target.value as Role }))}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </td>
      <td>{person.hasSecondFactor ? 'Yes' : 'None'}</td>
      <td>
        <div className="people-actions">
          <button type="button" className="button" disabled={busy} onClick={() => act(() => change.mutate({ disabled: !person.disabled }))}>
            {person.disabled ? 'Enable' : 'Disable'}
            <span className="visually-hidden"> {name}</span>
          </button>
          {!isMe && (
            <button type="button" className="button" disabled={busy} onClick={() => act(() => signOut.mutate())}>
              Sign out everywhere<span className="visually-hidden"> {name}</span>
            </button>
          )}
          {person.hasSecondFactor && (
            <button type="button" className="button" disabled={busy} onClick={() => window.confirm(RESET_QUESTION(name)) && act(() => reset.mutate())}>
              Reset second factor<span className="visually-hidden"> of {name}</span>
            </button>
          )}
          <button type="button" className="button button--danger" disabled={busy} onClick={() => window.confirm(REMOVE_QUESTION(name)) && act(() => remove.mutate())}>
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        </div>
        <div role="alert">
          {failed && (
            <p id={errorId} className="admin-field__error">
              {reasonOf(failed)}
            </p>
          )}
        </div>
      </td>
    </tr>
  )
}
