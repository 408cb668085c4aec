/** `content/site/announcement.yaml`: the announcement page, /watchio (SPEC §1, §2: "What's New", "A Few Things to Keep in Mind", /discord). */
import { z } from 'zod'
import { list, richText, text, url } from './fields.ts'

/** The feature cards' icons (pages/watchio/announcement-icons.tsx draws each). */
const ANNOUNCEMENT_ICONS = ['play', 'subtitles', 'search', 'star', 'merge', 'profiles'] as const

export const announcementSchema = z.strictObject({
  eyebrow: text(40),
  title: text(80),
  lead: text(600),
  availability: z.strictObject({
    title: text(80),
    platforms: list(z.strictObject({ name: text(40), device: text(60), available: z.boolean() }), 1, 10),
    availableLabel: text(40),
    comingLabel: text(40),
    button: text(60),
  }),
  whatsNew: z.strictObject({
    title: text(80),
    features: list(z.strictObject({ icon: z.enum(ANNOUNCEMENT_ICONS), title: text(80), text: text(400) }), 1, 12),
  }),
  keepInMind: z.strictObject({
    title: text(80),
    items: list(richText(500), 1, 10),
  }),
  community: z.strictObject({
    title: text(80),
    text: text(400),
    button: text(60),
    href: url(),
  }),
})

export type AnnouncementContent = z.infer<typeof announcementSchema>
export type AnnouncementIcon = (typeof ANNOUNCEMENT_ICONS)[number]
