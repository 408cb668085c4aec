import { useState } from 'react'
import { useSiteData } from '../../renderer/site-data.ts'
import { type BillingPeriod, DEFAULT_BILLING_PERIOD } from './billing-period.ts'
import { BillingToggle } from './BillingToggle.tsx'
import { PlanCard } from './PlanCard.tsx'

/** The billing toggle and the plans whose prices it switches (an island: renderer/Island.tsx). */
export function PricingPlans() {
  const copy = useSiteData<'pricing'>()
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD)
  return (
    <section className="pricing__plans" aria-labelledby="plans-title">
      <h2 id="plans-title" className="visually-hidden">
        Subscription plans
      </h2>
      <div className="pricing__toggle">
        <BillingToggle value={period} onChange={setPeriod} />
        <p className="visually-hidden" aria-live="polite">
          {period === 'annually' ? 'Showing prices billed annually' : 'Showing prices billed monthly'}
        </p>
      </div>
      <div className="pricing__cards">
        {copy.plans.map((plan, index) => (
          <PlanCard key={plan.name} plan={plan} period={period} words={copy.planCard} featured={index === copy.plans.length - 1} />
        ))}
      </div>
      {copy.terms.length > 0 && (
        <ul className="pricing__terms">
          {copy.terms.map((term, index) => (
            <li key={index}>{term}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
