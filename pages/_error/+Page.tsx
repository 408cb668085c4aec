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
  // The server picks the line; a static export's page (null) shows the first, and the site's
  // script (renderer/site-script.ts) picks one of the page's `data-lines` for this visit.
  const line = notFoundLine === null ? 0 : (notFoundLine ?? randomLine(copy.lines.length))
  return (
    <div className="container not-found" data-lines={notFoundLine === null ? JSON.stringify(copy.lines) : undefined}>
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
