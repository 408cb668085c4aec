/** `content/site/shared.yaml`: what every page shows around itself (SPEC §2 site chrome: nav bar, footer). */
import { z } from 'zod'
import { email, link, list, text, url } from './fields.ts'

export const sharedSchema = z.strictObject({
  /** The app store listing: the nav bar's button, the hero's, the call to action's, the plans'. */
  appStoreUrl: url(),
  /** Where the partnerships and legal pages send mail. */
  supportEmail: email(),
  nav: z.strictObject({
    appButton: text(40),
  }),
  footer: z.strictObject({
    about: text(400),
    siteHeading: text(40),
    siteLinks: list(link(), 1, 12),
    elsewhereHeading: text(40),
    elsewhereLinks: list(link(), 0, 12),
    updated: text(120),
    copyright: text(120),
  }),
})

export type SharedContent = z.infer<typeof sharedSchema>
