import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, islandIdPrefix } from './island-markup.ts'
import { PageContextProvider, usePageContext } from './usePageContext.tsx'

/**
 * A part of a server-rendered page that React hydrates in the browser, when the reader is about
 * to use it (renderer/islands-loader.ts). Pages are HTML only (renderer/+config.ts); a page with
 * islands has a `+client.ts` that names them and how to load each:
 *
 *     armIslands({ BlogSearch: () => import('./BlogSearch.tsx').then((module) => module.BlogSearch) })
 *     <Island component={BlogSearch} />             // where the page shows it
 *
 * `props`, if any, must be JSON (they travel in an attribute). Inside, usePageContext() gives
 * the page's data, siteShared, siteUrl, redirectTargets and URL (renderer/island-markup.ts) on
 * both sides. The island renders as a React root of its own, as the browser hydrates it, so ids
 * from useId() agree.
 */
export function Island<P extends object>(props: { component: ComponentType<P>; props?: P }) {
  const pageContext = usePageContext()
  // The page's context goes to the browser once, for all its islands (renderer/+onRenderHtml.tsx).
  pageContext.hasIslands = true
  // The name the page's +client.ts gives it (`{ BlogSearch }`): the function's, less the `$1` a
  // bundler adds when two modules of a chunk declare the same name.
  const name = (props.component.displayName ?? props.component.name).replace(/\$\d+$/, '')
  const Component = props.component
  const html = renderToString(
    <PageContextProvider pageContext={pageContext}>
      <Component {...((props.props ?? {}) as P)} />
    </PageContextProvider>,
    { identifierPrefix: islandIdPrefix(name) },
  )
  const attributes = { [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: props.props === undefined ? undefined : JSON.stringify(props.props) }
  return <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
}
