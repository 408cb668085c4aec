// https://vike.dev/data — the page's copy: content/site/legal.yaml.
import type { PageContextServer } from 'vike/types'
import { siteDataOf } from '../../renderer/site-data.ts'

export function data(pageContext: PageContextServer) {
  return siteDataOf(pageContext, 'legal')
}
