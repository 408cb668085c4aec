/**
 * The site's copy as content: one YAML file a page in `content/site/` (and `shared.yaml` for
 * what every page shows), each with its schema here, the one source of its types, the server's
 * validation and the admin's form. The public pages import only types from these modules (zod
 * stays out of their bundles): the server validates the files and hands the pages the values.
 */
import type { z } from 'zod'
import { type AnnouncementContent, announcementSchema } from './announcement.ts'
import { type LandingContent, landingSchema } from './landing.ts'
import { type LegalContent, legalSchema } from './legal.ts'
import { type NotFoundContent, notFoundSchema } from './not-found.ts'
import { type PartnershipsContent, partnershipsSchema } from './partnerships.ts'
import { type PricingContent, pricingSchema } from './pricing.ts'
import { type SharedContent, sharedSchema } from './shared.ts'

/** Every file's values, by its name (the file is `content/site/<name>.yaml`). */
export interface SiteContent {
  shared: SharedContent
  landing: LandingContent
  pricing: PricingContent
  partnerships: PartnershipsContent
  legal: LegalContent
  announcement: AnnouncementContent
  'not-found': NotFoundContent
}

export type SiteFileName = keyof SiteContent

interface SiteFileSpec<N extends SiteFileName = SiteFileName> {
  name: N
  /** What the admin calls it. */
  title: string
  schema: z.ZodType<SiteContent[N]>
  /**
   * The prerendered pages it is rendered into: `'every'` for what every page shows; none for
   * the not-found page, which is rendered for each request.
   */
  pages: readonly string[] | 'every'
}

/** The files, in the order the admin lists them. */
export const SITE_FILES: { readonly [N in SiteFileName]: SiteFileSpec<N> } = {
  shared: { name: 'shared', title: 'Nav bar and footer', schema: sharedSchema, pages: 'every' },
  landing: { name: 'landing', title: 'Landing page', schema: landingSchema, pages: ['/'] },
  pricing: { name: 'pricing', title: 'Pricing', schema: pricingSchema, pages: ['/pricing'] },
  partnerships: { name: 'partnerships', title: 'Partnerships', schema: partnershipsSchema, pages: ['/partnerships'] },
  legal: { name: 'legal', title: 'Legal', schema: legalSchema, pages: ['/legal'] },
  announcement: { name: 'announcement', title: 'Announcement (/watchio)', schema: announcementSchema, pages: ['/watchio'] },
  'not-found': { name: 'not-found', title: 'Not-found page', schema: notFoundSchema, pages: [] },
}

export const SITE_FILE_NAMES = Object.keys(SITE_FILES) as SiteFileName[]

export function isSiteFileName(name: string): name is SiteFileName {
  return Object.hasOwn(SITE_FILES, name)
}
