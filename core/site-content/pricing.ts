/** `content/site/pricing.yaml`: the pricing page (SPEC §2, §9: plans, prices, lifetime dialogs, FAQ). */
import { z } from 'zod'
import { faqItems } from './faq.ts'
import { list, price, richText, text, url } from './fields.ts'

const lifetimeCard = {
  title: text(60),
  text: text(200),
  points: list(text(100), 1, 6),
  /** The button that opens the card's dialog. */
  button: text(60),
  dialogTitle: text(80),
  dialogDescription: text(300),
}

export const pricingSchema = z.strictObject({
  title: text(80),
  intro: text(300),
  plans: list(
    z.strictObject({
      name: text(40),
      description: text(300),
      /** Per month, billed monthly. */
      monthlyPrice: price(),
      /** Per month, billed annually. */
      annualPrice: price(),
      /** Shown on this plan only while annual billing is selected (SPEC §2). */
      annualBadge: text(60).optional(),
      features: list(z.strictObject({ text: text(120), included: z.boolean() }), 1, 16),
    }),
    1,
    3,
  ),
  /** The words of a plan card beside its price. */
  planCard: z.strictObject({
    freeBilling: text(80),
    annualBilling: text(80),
    monthlyBilling: text(80),
    freeButton: text(40),
    annualButton: text(40),
    monthlyButton: text(40),
  }),
  terms: list(text(300), 0, 8),
  lifetime: z.strictObject({
    title: text(80),
    intro: text(300),
    solo: z.strictObject({
      ...lifetimeCard,
      store: z.strictObject({ title: text(80), text: text(300), button: text(60), url: url() }),
      inApp: z.strictObject({ title: text(80), text: richText(300) }),
    }),
    family: z.strictObject({
      ...lifetimeCard,
      steps: list(richText(200), 1, 8),
    }),
    voucher: richText(400),
  }),
  faq: z.strictObject({
    title: text(120),
    intro: text(300),
    items: faqItems(),
  }),
})

export type PricingContent = z.infer<typeof pricingSchema>
export type PricingPlan = PricingContent['plans'][number]
