/** The pricing page's billing period (SPEC §4: monthly or annually, annually first). */
import type { PricingPlan } from '../../core/site-content/pricing.ts'
import { formatPrice } from '../../core/site-content/money.ts'

export type BillingPeriod = 'monthly' | 'annually'

export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annually'

/** Every price is shown "per month", whichever billing period is selected (SPEC §9). */
export const PRICE_SUFFIX = '/per month'

/** A plan's price per month in that period, as the card shows it (`$2.49`). */
export function priceFor(plan: PricingPlan, period: BillingPeriod): string {
  return formatPrice(period === 'annually' ? plan.annualPrice : plan.monthlyPrice)
}

/** A plan that costs nothing in either period. */
export function isFreePlan(plan: PricingPlan): boolean {
  return plan.monthlyPrice.amount === 0 && plan.annualPrice.amount === 0
}
