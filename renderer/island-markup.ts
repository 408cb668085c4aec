import type { PageContext } from 'vike/types'

/** How an island is marked in the page (renderer/Island.tsx), for the browser to find it (renderer/islands-client.tsx). */
export const ISLAND_ATTRIBUTE = 'data-island'
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props'
/** Set on an island's element once it waits for the reader's first move (renderer/islands-loader.ts). */
export const ISLAND_ARMED_ATTRIBUTE = 'data-island-armed'
/** Set on an island's element once React hydrated it: the browser tests wait for it. */
export const ISLAND_HYDRATED_ATTRIBUTE = 'data-hydrated'
/** The id of the JSON script that hands the islands the page's context (a page with islands only). */
export const ISLAND_CONTEXT_ID = 'island-context'

/** What islands read of the page's context in the browser (usePageContext()), as the server had it. */
export type IslandContext = Pick<PageContext, 'data' | 'siteShared' | 'siteUrl' | 'redirectTargets' | 'urlPathname'>

export function islandContextOf(pageContext: PageContext): IslandContext {
  const { data, siteShared, siteUrl, redirectTargets, urlPathname } = pageContext
  return { data, siteShared, siteUrl, redirectTargets, urlPathname }
}

/** The useId() prefix of an island, the same on the server and in the browser. */
export function islandIdPrefix(name: string): string {
  return `${name}-`
}
