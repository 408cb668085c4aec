// https://vike.dev/data — the landing page's copy: content/site/landing.yaml.
import type { PageContextServer } from 'vike/types'
import { siteDataOf } from '../../renderer/site-data.ts'

export function data(pageContext: PageContextServer) {
  return siteDataOf(pageContext, 'landing')
}
