// https://vike.dev/data — the not-found page's copy: content/site/not-found.yaml.
import type { PageContextServer } from 'vike/types'
import { siteDataOf } from '../../renderer/site-data.ts'

export function data(pageContext: PageContextServer) {
  return siteDataOf(pageContext, 'not-found')
}
