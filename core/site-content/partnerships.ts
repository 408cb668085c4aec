/** `content/site/partnerships.yaml`: the partnerships page (SPEC §2: intro, the partners wanted, the contact button). */
import { z } from 'zod'
import { list, text } from './fields.ts'

/** The partner cards' icons (pages/partnerships/partner-icons.tsx draws each). */
const PARTNER_ICONS = ['screen', 'servers', 'megaphone', 'shield'] as const

export const partnershipsSchema = z.strictObject({
  title: text(80),
  lead: text(200),
  intro: list(text(800), 1, 4),
  kindsTitle: text(120),
  kinds: list(z.strictObject({ icon: z.enum(PARTNER_ICONS), title: text(80), description: text(800) }), 1, 8),
  bringTitle: text(120),
  bring: list(text(300), 1, 10),
  contact: z.strictObject({
    title: text(80),
    text: text(400),
    /** Opens a mail to the support address (shared.yaml) with this subject. */
    button: text(60),
    subject: text(120),
    /** Before the address written out: "Or write to". */
    addressPrefix: text(60),
  }),
})

export type PartnershipsContent = z.infer<typeof partnershipsSchema>
export type PartnerIcon = (typeof PARTNER_ICONS)[number]
