import { useEffect, useState } from 'react'
import { fetchJson } from './fetch-json.ts'

export type JsonState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: Error }

/**
 * Data that the server usually renders into the page. When it did (`initial` is set),
 * nothing is fetched; after a client-side navigation it is fetched once from `url`.
 * No retries, no refetching (SPEC §4).
 */
export function useJson<T>(url: string, initial: T | undefined): JsonState<T> {
  const [state, setState] = useState<JsonState<T>>(() =>
    initial === undefined ? { status: 'loading' } : { status: 'ready', data: initial },
  )
  useEffect(() => {
    if (initial !== undefined) {
      setState({ status: 'ready', data: initial })
      return
    }
    let current = true
    setState({ status: 'loading' })
    fetchJson<T>(url).then(
      (data) => current && setState({ status: 'ready', data }),
      (error: Error) => current && setState({ status: 'error', error }),
    )
    return () => {
      current = false
    }
  }, [url, initial])
  return state
}
