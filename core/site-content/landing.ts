/** `content/site/landing.yaml`: the landing page (SPEC §2: hero, features, benefits, testimonials, FAQ, call to action). */
import { z } from 'zod'
import { faqItems } from './faq.ts'
import { image, list, richText, text } from './fields.ts'

/** The landing page's line icons (pages/index/icons.tsx draws each). */
const LANDING_ICONS = [
  'compass', 'guide', 'download', 'play', 'subtitles', 'merge', 'profiles', 'genre', 'sparkle', 'cloud', 'lock', 'tv', 'devices',
] as const

const icon = z.enum(LANDING_ICONS)

const sectionHeader = {
  eyebrow: text(40),
  title: text(120),
}

export const landingSchema = z.strictObject({
  /** The label of the app store buttons (the hero's and the call to action's). */
  appStoreButton: text(60),
  hero: z.strictObject({
    title: text(80),
    subtitle: text(120),
    text: text(600),
    pricingButton: text(40),
    platforms: text(120),
    comingSoon: text(120),
    note: text(200),
  }),
  features: z.strictObject({
    ...sectionHeader,
    intro: text(300),
    items: list(
      z.strictObject({
        icon,
        title: text(80),
        description: text(600),
        /** Which side the screenshot sits on, on wide screens (after the text on narrow ones). */
        imagePosition: z.enum(['left', 'right']),
        screenshot: image(),
      }),
      1,
      8,
    ),
  }),
  benefits: z.strictObject({
    ...sectionHeader,
    items: list(z.strictObject({ icon, title: text(80), description: text(300) }), 1, 16),
  }),
  testimonials: z.strictObject({
    ...sectionHeader,
    /** "+50 thousand users enjoy the product" (SPEC §2), its figure in bold. */
    count: richText(120),
    items: list(
      z.strictObject({
        title: text(80),
        /** Stars out of 5 (SPEC §2: every one shown is rated 5). */
        rating: z.number().int().min(1).max(5),
        flag: text(16),
        country: text(60),
        username: text(40),
        review: text(600),
      }),
      1,
      24,
    ),
  }),
  faq: z.strictObject({
    ...sectionHeader,
    intro: richText(300),
    items: faqItems(),
  }),
  cta: z.strictObject({
    title: text(120),
    text: text(400),
    pricingButton: text(40),
  }),
})

export type LandingContent = z.infer<typeof landingSchema>
export type LandingIcon = (typeof LANDING_ICONS)[number]
