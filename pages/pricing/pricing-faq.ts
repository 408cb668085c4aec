import { CANCEL, type FaqItem, NO_CONTENT } from '../../renderer/components/faq-data.ts'

/** Pricing page (/pricing): plans, trial, billing, lifetime and vouchers (SPEC §9). */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'Is there a free trial?',
    answer:
      'Yes. New users get a 1-week free trial on the annual Premium plan. The subscription continues automatically unless it is cancelled before the trial ends.',
  },
  {
    question: 'How much does Premium cost?',
    answer:
      'Premium is $4.99 per month when billed monthly, or $2.49 per month when billed annually, which saves 50%. The Free plan costs $0 and has no time limit.',
  },
  {
    question: 'What happens when I change plans?',
    answer:
      'Plan changes, such as moving from monthly to annual billing, take effect at the next billing cycle. Until then you keep the plan you are on.',
  },
  {
    question: 'What is the difference between Solo Lifetime and Family Lifetime?',
    answer:
      'Both are a one-time purchase that unlocks Premium for good, with no subscription. Solo Lifetime is tied to one Apple ID. Family Lifetime is shared with up to 6 family members through Family Sharing and is bought in the app: open Watchio, use search and type "lifetime".',
  },
  {
    question: 'How do I redeem a voucher?',
    answer:
      'In the app, open Settings, choose Redeem Offer Code, then the Watchio voucher entry, and type your code.',
  },
  NO_CONTENT,
  CANCEL,
]
