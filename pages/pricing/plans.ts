/** The pricing page's static data (SPEC §3 pricing plan, §9 prices, plan contents and terms). */

export type BillingPeriod = 'monthly' | 'annually'

export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annually'

export interface PlanFeature {
  text: string
  included: boolean
}

export interface PricingPlan {
  name: string
  /** Per month, billed monthly. */
  monthlyPrice: string
  /** Per month, billed annually. */
  annualPrice: string
  description: string
  features: readonly PlanFeature[]
  /** Shown on this plan only while annual billing is selected (SPEC §2). */
  annualBadge?: string
}

/** Every price is shown "per month", whichever billing period is selected (SPEC §9). */
export const PRICE_SUFFIX = '/per month'

export const PLANS: readonly PricingPlan[] = [
  {
    name: 'Free',
    monthlyPrice: '$0',
    annualPrice: '$0',
    description: 'Everything you need to play your own playlists and accounts, free for as long as you like.',
    features: [
      { text: 'Play your own IPTV, cloud, FTP and WebDAV accounts', included: true },
      { text: 'Merge up to 2 accounts', included: true },
      { text: 'Subtitles from your provider', included: true },
      { text: 'Tracking of favorites, watch states and play next', included: false },
      { text: 'Enhanced discovery and smart sections', included: false },
      { text: 'Third-party subtitle service', included: false },
    ],
  },
  {
    name: 'Premium',
    monthlyPrice: '$4.99',
    annualPrice: '$2.49',
    description: 'The full Watchio experience: every account in one library, and discovery that keeps up with you.',
    features: [
      { text: 'Play your own IPTV, cloud, FTP and WebDAV accounts', included: true },
      { text: 'Unlimited accounts', included: true },
      { text: 'Subtitles from your provider', included: true },
      { text: 'Tracking of favorites, watch states and play next', included: true },
      { text: 'Enhanced discovery and smart sections', included: true },
      { text: 'Third-party subtitle service', included: true },
    ],
    annualBadge: 'Save 50% with Annual',
  },
]

export function priceFor(plan: PricingPlan, period: BillingPeriod): string {
  return period === 'annually' ? plan.annualPrice : plan.monthlyPrice
}

/** The online store for the Solo Lifetime purchase (no app-store fees). */
export const LIFETIME_STORE_URL = 'https://store.watchio.app/lifetime'
