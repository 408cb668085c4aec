import { type ComponentType, StrictMode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PageContext } from 'vike/types'
import { ISLAND_ATTRIBUTE, ISLAND_CONTEXT_ID, ISLAND_HYDRATED_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandContext, islandIdPrefix } from './island-markup.ts'
import { PageContextProvider } from './usePageContext.tsx'
import './site-script.ts'

/**
 * A page's `+client.ts` with islands: hydrates each island the server marked in the page
 * (renderer/Island.tsx) with its component, by the component's name, each a React root of its
 * own; the rest of the page stays the server's HTML. No vike runtime: there is no client routing.
 */
export function hydrateIslands(islands: Record<string, ComponentType<never>>): void {
  const context = JSON.parse(document.getElementById(ISLAND_CONTEXT_ID)?.textContent ?? '{}') as IslandContext
  const pageContext = { ...context, urlOriginal: location.pathname + location.search } as unknown as PageContext
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE)!
    const Component = islands[name] as ComponentType<object> | undefined
    if (!Component) {
      console.error(`The island ${name} is not in this page's +client.ts`)
      continue
    }
    const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as object
    hydrateRoot(
      element,
      <StrictMode>
        <PageContextProvider pageContext={pageContext}>
          <Component {...props} />
          <Hydrated element={element} />
        </PageContextProvider>
      </StrictMode>,
      { identifierPrefix: islandIdPrefix(name) },
    )
  }
}

/** Marks the island once React committed it (renders nothing, so the markup matches the server's). */
function Hydrated(props: { element: HTMLElement }) {
  useEffect(() => props.element.setAttribute(ISLAND_HYDRATED_ATTRIBUTE, ''), [props.element])
  return null
}
