import { useEffect, useState } from 'react'
import { useSiteData } from '../../renderer/site-data.ts'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { POST_NOT_FOUND, PostNotFound } from '../blog/@slug/PostNotFound.tsx'

export default function Page() {
  const { is404, abortReason } = usePageContext()
  if (abortReason === POST_NOT_FOUND) return <PostNotFound />
  if (is404) return <NotFound />
  return <ServerError />
}

/** SPEC §2 not-found page: one of its lines, chosen at random. Its copy: content/site/not-found.yaml. */
function NotFound() {
  const copy = useSiteData<'not-found'>()
  const { notFoundLine } = usePageContext()
  const count = copy.lines.length
  // The server picks the line (so the hydrated page agrees); a client-side 404 picks its own; a
  // static export's (null) shows the first until hydrated, then one picked for this visit.
  const [line, setLine] = useState(() => (notFoundLine === null ? 0 : (notFoundLine ?? randomLine(count))))
  useEffect(() => {
    if (notFoundLine === null) setLine(randomLine(count))
  }, [notFoundLine, count])
  return (
    <div className="container not-found">
      <p className="not-found__code">{copy.code}</p>
      <h1>{copy.title}</h1>
      <p className="not-found__line">{copy.lines[line % copy.lines.length]}</p>
      <p className="not-found__note">{copy.note}</p>
      <a className="button button--primary" href="/">
        {copy.button}
      </a>
    </div>
  )
}

function randomLine(count: number): number {
  return Math.floor(Math.random() * count)
}

function ServerError() {
  return (
    <div className="container not-found">
      <p className="not-found__code">500</p>
      <h1>Something went wrong</h1>
      <p className="not-found__note">We could not show this page. Please try again in a moment.</p>
      <a className="button button--primary" href="/">
        Back to Home
      </a>
    </div>
  )
}
