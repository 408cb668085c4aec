/**
 * Today's copy of every page, built in: what a page shows while its file in `content/site/` has
 * never had a valid version (a new repository, a file added broken). `content/site/*.yaml`
 * started as these values (server/content/site-file.ts writes them in the canonical form).
 */
import type { SiteContent } from '../../../core/site-content/index.ts'
import { ANNOUNCEMENT_DEFAULT } from './announcement.ts'
import { LANDING_DEFAULT } from './landing.ts'
import { LEGAL_DEFAULT } from './legal.ts'
import { NOT_FOUND_DEFAULT } from './not-found.ts'
import { PARTNERSHIPS_DEFAULT } from './partnerships.ts'
import { PRICING_DEFAULT } from './pricing.ts'
import { SHARED_DEFAULT } from './shared.ts'

export const SITE_DEFAULTS: SiteContent = {
  shared: SHARED_DEFAULT,
  landing: LANDING_DEFAULT,
  pricing: PRICING_DEFAULT,
  partnerships: PARTNERSHIPS_DEFAULT,
  legal: LEGAL_DEFAULT,
  announcement: ANNOUNCEMENT_DEFAULT,
  'not-found': NOT_FOUND_DEFAULT,
}
