import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { PasskeySummary } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, showPasskeys } from '../api/admin-queries.ts'
import { passkeyProblem, registerPasskey } from '../passkey-ceremonies.ts'
import './passkeys.css'

type Outcome = { kind: 'done' | 'problem'; words: string } | null

/**
 * The person's passkeys: each with its name and last use, renamed or removed here, and "Add a
 * passkey", which asks the browser to make one (Touch ID, Windows Hello, a phone, a security key).
 * What happened is said in the section's own status line; the browser's refusals in plain words.
 */
export function PasskeysSection() {
  const passkeys = useQuery(adminQueries.passkeys())
  const [outcome, setOutcome] = useState<Outcome>(null)
  const list = passkeys.data ?? []
  const failed = (error: unknown) => setOutcome({ kind: 'problem', words: passkeyProblem(error) })

  return (
    <section className="admin-card account-passkeys-section" aria-labelledby="account-passkeys-title">
      <h2 id="account-passkeys-title">Passkeys</h2>
      <p>
        A passkey signs you in with your device's screen lock (fingerprint, face or PIN) instead of a password, and it counts as a second factor
        after your password. It works only on this site, so it cannot be phished.
      </p>
      {passkeys.isError ? <p role="alert">Your passkeys could not be loaded: {passkeyProblem(passkeys.error)}</p> : null}
      {passkeys.isSuccess && list.length === 0 ? <p>You have no passkey yet.</p> : null}
      {list.length > 0 ? (
        <ul className="account-passkeys">
          {list.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onDone={(words) => setOutcome({ kind: 'done', words })} onProblem={failed} />
          ))}
        </ul>
      ) : null}
      <AddPasskey count={list.length} onDone={(words) => setOutcome({ kind: 'done', words })} onProblem={failed} />
      <p role="status" className={outcome?.kind === 'problem' ? 'account-problem' : undefined}>
        {outcome?.words ?? ''}
      </p>
    </section>
  )
}

interface ItemProps {
  passkey: PasskeySummary
  onDone: (words: string) => void
  onProblem: (error: unknown) => void
}

function PasskeyItem({ passkey, onDone, onProblem }: ItemProps) {
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(passkey.name)
  const rename = useMutation({
    mutationFn: () => adminApi.renamePasskey(passkey.id, name),
    onSuccess: (list) => {
      showPasskeys(list)
      setRenaming(false)
      onDone(`Renamed to ${name.trim()}.`)
    },
    onError: onProblem,
  })
  const remove = useMutation({
    mutationFn: () => adminApi.removePasskey(passkey.id),
    onSuccess: (list) => {
      showPasskeys(list)
      onDone(`Removed ${passkey.name}. It no longer signs you in; your other sessions were signed out.`)
    },
    onError: onProblem,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    rename.mutate()
  }
  const confirmRemove = () => {
    if (window.confirm(`Remove the passkey "${passkey.name}"? It will no longer sign you in.`)) remove.mutate()
  }
  return (
    <li className="account-passkey">
      {renaming ? (
        <form className="account-passkey__rename" onSubmit={submit}>
          <label htmlFor={`passkey-name-${passkey.id}`}>New name for {passkey.name}</label>
          <input id={`passkey-name-${passkey.id}`} value={name} autoFocus onChange={(event) => setName(event.target.value)} disabled={rename.isPending} />
          <button type="submit" className="button button--primary" disabled={rename.isPending}>
            Save name
          </button>
          <button type="button" className="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <div>
            <strong>{passkey.name}</strong>
            <br />
            <span className="account-passkey__when">
              Added <When iso={passkey.createdAt} />; {passkey.lastUsedAt ? <>last used <When iso={passkey.lastUsedAt} /></> : 'not used yet'}
            </span>
          </div>
          <div className="account-passkey__actions">
            <button type="button" className="button" onClick={() => setRenaming(true)} aria-label={`Rename ${passkey.name}`}>
              Rename
            </button>
            <button type="button" className="button button--danger" onClick={confirmRemove} disabled={remove.isPending} aria-label={`Remove ${passkey.name}`}>
              Remove
            </button>
          </div>
        </>
      )}
    </li>
  )
}

function AddPasskey(props: { count: number; onDone: (words: string) => void; onProblem: (error: unknown) => void }) {
  const [name, setName] = useState('')
  const add = useMutation({
    mutationFn: (chosen: string) => registerPasskey(chosen),
    onSuccess: (list, chosen) => {
      showPasskeys(list)
      setName('')
      props.onDone(`Added ${chosen}. It signs you in from now on; your other sessions were signed out.`)
    },
    onError: props.onProblem,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(name.trim() || `Passkey ${props.count + 1}`)
  }
  return (
    <form className="account-passkeys__add" onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor="new-passkey-name">Name for a new passkey (optional)</label>
        <input id="new-passkey-name" value={name} placeholder={`Passkey ${props.count + 1}`} onChange={(event) => setName(event.target.value)} disabled={add.isPending} />
      </div>
      <button type="submit" className="button button--primary" disabled={add.isPending}>
        {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
      </button>
    </form>
  )
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>
}
