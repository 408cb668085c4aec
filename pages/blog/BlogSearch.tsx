import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { formatLongDate } from '../../renderer/format-date.ts'
import { freshResults, type ResultData } from './fresh-results.ts'

/**
 * The blog's search box (Pagefind). Self-contained, no props: the page renders it as it is.
 * Nothing of the search loads until the box is used: on focus or input, Pagefind's script is
 * imported from the site at run time (`/pagefind/pagefind.js`, written beside the index, never
 * bundled), and then only the parts of the index a query needs. Its WebAssembly is allowed by
 * this page's policy alone: the form below carries the mark the server looks for
 * (core/search-mark.ts). A running site may serve a delta beside the index (the posts changed
 * since it, named by `/pagefind/delta.json`): it is merged, and the index's stale results dropped
 * (fresh-results.ts); the static export has none (its delta.json is missing).
 */

const PAGEFIND_URL = '/pagefind/pagefind.js'
const DELTA_URL = '/pagefind/delta.json'
const PAGEFIND_OPTIONS = { excerptLength: 24 }
/** Results shown for a query: the best ones, as Pagefind ranks them. */
const SHOWN = 10
/** A pause in typing before a search runs: a word typed fast is one search. */
const TYPING_PAUSE_MS = 60

/** A result's data: its excerpt is text with the matched words in `<mark>`, read as text below, never as HTML. */
type PagefindData = ResultData
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>
  init(): Promise<void>
  mergeIndex(path: string, options?: Record<string, unknown>): Promise<void>
  debouncedSearch(term: string, options?: Record<string, unknown>, ms?: number): Promise<{ results: { data(): Promise<PagefindData> }[] } | null>
}
/** Pagefind with the delta merged, and the URLs whose results from the index are stale. */
interface Search {
  pagefind: Pagefind
  stale: ReadonlySet<string>
}

let loading: Promise<Search> | null = null

/** Pagefind, loaded once per page, with the delta merged when there is one; a failed load is tried again at the next use. */
function loadPagefind(): Promise<Search> {
  const url: string = PAGEFIND_URL
  loading ??= Promise.all([import(/* @vite-ignore */ url) as Promise<Pagefind>, fetchDelta()])
    .then(async ([pagefind, delta]) => {
      await pagefind.options(PAGEFIND_OPTIONS)
      await pagefind.init()
      if (delta.path) await pagefind.mergeIndex(delta.path, PAGEFIND_OPTIONS)
      return { pagefind, stale: new Set(delta.changed) }
    })
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
}

/** The delta's record; none where there is none (the static export: 404). */
async function fetchDelta(): Promise<{ path: string | null; changed: string[] }> {
  const response = await fetch(DELTA_URL, { headers: { Accept: 'application/json' } })
  if (response.status === 404) return { path: null, changed: [] }
  if (!response.ok) throw new Error(`${DELTA_URL}: ${response.status}`)
  const answer = (await response.json()) as { path?: unknown; changed?: unknown }
  const changed = Array.isArray(answer.changed) ? answer.changed.filter((entry): entry is string => typeof entry === 'string') : []
  return { path: typeof answer.path === 'string' && answer.path.startsWith('/pagefind/') ? answer.path : null, changed }
}

interface Result {
  url: string
  title: string
  date: string
  /** The passage, in runs of text; `marked` runs are the words that matched. */
  passage: { text: string; marked: boolean }[]
}

type State =
  | { status: 'idle' }
  | { status: 'done'; term: string; total: number; results: Result[] }
  | { status: 'failed' }

export function BlogSearch() {
  const [query, setQuery] = useState('')
  const [state, setState] = useState<State>({ status: 'idle' })
  // Only the latest query's answer is shown: an earlier one arriving late is dropped.
  const latest = useRef(0)

  const search = async (term: string) => {
    const ticket = ++latest.current
    if (term.trim() === '') return setState({ status: 'idle' })
    try {
      const { pagefind, stale } = await loadPagefind()
      const found = await pagefind.debouncedSearch(term, {}, TYPING_PAUSE_MS)
      if (found === null || ticket !== latest.current) return
      const fresh = await freshResults(found.results, stale, SHOWN)
      if (ticket === latest.current) setState({ status: 'done', term: term.trim(), total: fresh.total, results: fresh.results.map(resultOf) })
    } catch {
      if (ticket === latest.current) setState({ status: 'failed' })
    }
  }
  // The box's first focus is what loads this island: words typed before it was live are in the
  // box, not in the state, and are the first search.
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed === '') return
    setQuery(typed)
    void search(typed)
    // Once, on arrival: later input comes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const warmUp = () => void loadPagefind().catch(() => {}) // a failure is said when a search runs
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setQuery(event.target.value)
    void search(event.target.value)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || query === '') return
    event.preventDefault()
    setQuery('')
    void search('')
  }

  return (
    <div className="blog-search">
      <form
        data-site-search=""
        role="search"
        aria-label="Search the blog"
        onSubmit={(event) => {
          event.preventDefault()
          void search(query)
        }}
      >
        <label className="visually-hidden" htmlFor="blog-search-input">
          Search posts
        </label>
        <input
          ref={input}
          id="blog-search-input"
          className="blog-search__input"
          type="search"
          placeholder="Search posts"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onFocus={warmUp}
          onChange={onChange}
          onKeyDown={onKeyDown}
          aria-describedby="blog-search-status"
        />
      </form>
      <p id="blog-search-status" className="blog-search__status" role="status" aria-live="polite">
        {statusText(state)}
      </p>
      {state.status === 'done' && state.results.length > 0 && (
        <ul className="blog-search__results" aria-label={`Search results for ${state.term}`}>
          {state.results.map((result) => (
            <li key={result.url} className="blog-search__result">
              <a className="blog-search__title" href={result.url}>
                {result.title}
              </a>
              {result.date && (
                <time className="blog-search__date" dateTime={result.date}>
                  {formatLongDate(result.date)}
                </time>
              )}
              <p className="blog-search__passage">
                {result.passage.map((run, index) => (run.marked ? <mark key={index}>{run.text}</mark> : run.text))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function statusText(state: State): string {
  if (state.status === 'failed') return 'Search is not available right now. Please try again in a moment.'
  if (state.status !== 'done') return ''
  if (state.total === 0) return `No posts match “${state.term}”.`
  const count = `${state.total} ${state.total === 1 ? 'post matches' : 'posts match'} “${state.term}”`
  return state.total > state.results.length ? `${count}; the first ${state.results.length} are shown.` : `${count}.`
}

function resultOf(data: PagefindData): Result {
  return { url: data.url, title: data.meta.title ?? data.url, date: data.meta.date ?? '', passage: passageOf(data.excerpt) }
}

/**
 * Pagefind's excerpt as runs of text, split at its `<mark>` tags: the rest is the post's plain text
 * as indexed (custom records are not HTML: Pagefind neither escapes nor decodes them), rendered as
 * text nodes, so nothing in a post's words can become markup here.
 */
export function passageOf(excerpt: string): { text: string; marked: boolean }[] {
  const runs: { text: string; marked: boolean }[] = []
  let marked = false
  for (const part of excerpt.split(/(<\/?mark>)/)) {
    if (part === '<mark>' || part === '</mark>') marked = part === '<mark>'
    else if (part !== '') runs.push({ text: part, marked })
  }
  return runs
}
