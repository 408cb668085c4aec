import { createContext, type ReactNode, use } from 'react'
import type { PageContext } from 'vike/types'

const Context = createContext<PageContext | null>(null)

export function PageContextProvider(props: { pageContext: PageContext; children: ReactNode }) {
  return <Context value={props.pageContext}>{props.children}</Context>
}

export function usePageContext(): PageContext {
  const pageContext = use(Context)
  if (!pageContext) throw new Error('usePageContext() is used outside <PageContextProvider>')
  return pageContext
}
