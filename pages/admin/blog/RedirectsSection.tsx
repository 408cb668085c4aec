import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { RedirectWire } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchRedirects } from '../api/admin-queries.ts'

/**
 * Below the list: the site's permanent redirects (content/redirects.yaml), read when first
 * shown. A slug change adds one by itself; here an admin adds one by hand or removes one (each a
 * commit). The server's message says why one is refused (a loop, a path that is no site path).
 */
export function RedirectsSection() {
  const [open, setOpen] = useState(false)
  const redirects = useQuery({ ...adminQueries.redirects(), enabled: open })
  const list = redirects.data?.redirects ?? []
  return (
    <section className="admin-card admin-redirects" aria-labelledby="admin-redirects-title">
      <h2 id="admin-redirects-title" className="admin-redirects__title">
        <button type="button" className="button" aria-expanded={open} aria-controls="admin-redirects-body" onClick={() => setOpen((shown) => !shown)}>
          Redirects
        </button>
      </h2>
      <div id="admin-redirects-body" hidden={!open}>
        {open && redirects.isPending && <p className="admin-status">Loading redirects...</p>}
        {redirects.isError && <p role="alert">The redirects could not be loaded ({redirects.error.message}).</p>}
        {redirects.data?.problem && (
          <p role="alert">
            <code>content/redirects.yaml</code> cannot be read: {redirects.data.problem}
          </p>
        )}
        {redirects.data && list.length === 0 && <p className="admin-hint">No redirects. Changing a post&apos;s slug adds one from its old address.</p>}
        {list.length > 0 && (
          <table className="admin-redirects__table">
            <caption className="visually-hidden">Old paths and where they redirect (301)</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((redirect) => (
                <RedirectRow key={redirect.from} redirect={redirect} />
              ))}
            </tbody>
          </table>
        )}
        {open && <AddRedirect />}
      </div>
    </section>
  )
}

function RedirectRow(props: { redirect: RedirectWire }) {
  const { redirect } = props
  const remove = useMutation({
    mutationFn: () => adminApi.removeRedirect(redirect.from),
    onSuccess: async () => {
      toast({ title: 'Success', description: `Redirect from ${redirect.from} removed` })
      await refetchRedirects()
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to remove the redirect (${error.message})`, variant: 'destructive' }),
  })
  return (
    <tr>
      <td>
        <code>{redirect.from}</code>
      </td>
      <td>
        <code>{redirect.to}</code>
      </td>
      <td>
        <button type="button" className="button" disabled={remove.isPending} aria-label={`Remove the redirect from ${redirect.from}`} onClick={() => remove.mutate()}>
          {remove.isPending ? 'Removing...' : 'Remove'}
        </button>
      </td>
    </tr>
  )
}

function AddRedirect() {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const fromInput = useRef<HTMLInputElement>(null)
  const add = useMutation({
    mutationFn: () => adminApi.addRedirect({ from: from.trim(), to: to.trim() }),
    onSuccess: async (added) => {
      toast({ title: 'Success', description: `${added.from} now redirects to ${added.to}` })
      setFrom('')
      setTo('')
      fromInput.current?.focus()
      await refetchRedirects()
    },
  })
  // A refusal marks both fields: the server's message says which path is wrong, and why.
  const invalid = add.isError ? { 'aria-invalid': true as const, 'aria-describedby': 'admin-redirect-error' } : {}
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate()
  }
  return (
    <form className="admin-redirects__form" onSubmit={submit} aria-labelledby="admin-redirects-add">
      <h3 id="admin-redirects-add">Add a redirect</h3>
      <div className="admin-form__row">
        <div className="admin-field">
          <label htmlFor="admin-redirect-from">From (old path)</label>
          <input id="admin-redirect-from" ref={fromInput} value={from} placeholder="/old/path" required {...invalid} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="admin-redirect-to">To (path on this site)</label>
          <input id="admin-redirect-to" value={to} placeholder="/blog/new-slug" required {...invalid} onChange={(event) => setTo(event.target.value)} />
        </div>
      </div>
      <div role="alert">
        {add.isError && (
          <p id="admin-redirect-error" className="admin-field__error">
            {add.error.message}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add redirect'}
      </button>
    </form>
  )
}
