import type { RedirectTargets } from '../../core/redirect-targets.ts'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import './redirect.css'

/**
 * The four redirect pages (SPEC §2): a short message, then the browser goes to the external
 * target from the server settings: the site's plain script (renderer/site-script.ts) reads where and
 * when from the panel. Without JavaScript the page's meta refresh (see redirect-seo.ts) does the
 * same; the Continue link is there for whoever is faster.
 *
 * Not a route: vike makes pages of `+Page` files only, and this folder has none.
 */
export function RedirectPage(props: {
  target: keyof RedirectTargets
  message: string
  /** How long the message stays before the browser moves on (0: at once). */
  delayMs: number
  spinner?: boolean
}) {
  const url = usePageContext().redirectTargets[props.target]
  return (
    <div className="container redirect" data-redirect-to={url} data-redirect-delay={props.delayMs}>
      <div className="redirect__panel">
        {props.spinner && <span className="redirect__spinner" aria-hidden="true" />}
        <h1 className="redirect__message">{props.message}</h1>
        <p className="redirect__note">If nothing happens in a few seconds, use the link below.</p>
        <a className="button button--primary" href={url} rel="noopener">
          Continue
        </a>
      </div>
    </div>
  )
}
