import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { PageContext } from 'vike/types'
import { ISLAND_ATTRIBUTE, ISLAND_CONTEXT_ID, ISLAND_HYDRATED_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandContext, islandIdPrefix } from './island-markup.ts'
import { PageContextProvider } from './usePageContext.tsx'

/** How an island takes over its element: adopting the server's markup, or drawing it afresh. */
export type IslandMount = 'hydrate' | 'render'

let pageContext: PageContext | undefined

/** The page's context as the server had it (renderer/island-markup.ts), read once for all islands. */
function pageContextOf(): PageContext {
  if (pageContext) return pageContext
  const context = JSON.parse(document.getElementById(ISLAND_CONTEXT_ID)?.textContent ?? '{}') as IslandContext
  pageContext = { ...context, urlOriginal: location.pathname + location.search } as unknown as PageContext
  return pageContext
}

/**
 * Makes one island of the page live (renderer/islands-loader.ts loads this module when the island
 * is about to be used): a React root of its own, with the page's context; the rest of the page
 * stays the server's HTML. `onMounted` runs once React has committed it.
 */
export function mountIsland(element: HTMLElement, Component: ComponentType<never>, mount: IslandMount, onMounted: () => void): void {
  const name = element.getAttribute(ISLAND_ATTRIBUTE)!
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as object
  const Island = Component as ComponentType<object>
  const tree: ReactNode = (
    <StrictMode>
      <PageContextProvider pageContext={pageContextOf()}>
        <Island {...props} />
        <Mounted element={element} onMounted={onMounted} />
      </PageContextProvider>
    </StrictMode>
  )
  const identifierPrefix = islandIdPrefix(name)
  if (mount === 'hydrate') hydrateRoot(element, tree, { identifierPrefix })
  else createRoot(element, { identifierPrefix }).render(tree)
}

/** Marks the island once React committed it (renders nothing, so the markup matches the server's). */
function Mounted(props: { element: HTMLElement; onMounted: () => void }) {
  const { element, onMounted } = props
  useEffect(() => {
    if (element.hasAttribute(ISLAND_HYDRATED_ATTRIBUTE)) return
    element.setAttribute(ISLAND_HYDRATED_ATTRIBUTE, '')
    onMounted()
  }, [element, onMounted])
  return null
}
