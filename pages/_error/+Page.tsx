import { useState } from 'react'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { POST_NOT_FOUND, PostNotFound } from '../blog/@slug/PostNotFound.tsx'
import { NOT_FOUND_LINES, randomNotFoundLine } from './not-found-lines.ts'

export default function Page() {
  const { is404, abortReason } = usePageContext()
  if (abortReason === POST_NOT_FOUND) return <PostNotFound />
  if (is404) return <NotFound />
  return <ServerError />
}

function NotFound() {
  const { notFoundLine } = usePageContext()
  // The server picks the line (so the hydrated page agrees); a client-side 404 picks its own.
  const [line] = useState(() => notFoundLine ?? randomNotFoundLine())
  return (
    <div className="container not-found">
      <p className="not-found__code">404</p>
      <h1>Page Not Found</h1>
      <p className="not-found__line">{NOT_FOUND_LINES[line % NOT_FOUND_LINES.length]}</p>
      <p className="not-found__note">Let’s get you back to something worth watching: head over to the homepage.</p>
      <a className="button button--primary" href="/">
        Back to Home
      </a>
    </div>
  )
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
