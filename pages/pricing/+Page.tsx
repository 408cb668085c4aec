import { useState } from 'react'
import { Faq } from '../../renderer/components/Faq.tsx'
import { useSiteData } from '../../renderer/site-data.ts'
import { type BillingPeriod, DEFAULT_BILLING_PERIOD } from './billing-period.ts'
import { BillingToggle } from './BillingToggle.tsx'
import { FaqJsonLd } from './FaqJsonLd.tsx'
import { Lifetime } from './Lifetime.tsx'
import { PlanCard } from './PlanCard.tsx'
import './pricing.css'

/** SPEC §2 pricing page: billing toggle, Free and Premium, lifetime options, FAQ (+ FAQPage data). Its copy: content/site/pricing.yaml. */
export default function Page() {
  const copy = useSiteData<'pricing'>()
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD)

  return (
    <div className="container pricing">
      <header className="page-header">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
      </header>

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

      <Lifetime lifetime={copy.lifetime} />

      <section className="pricing__faq" aria-labelledby="pricing-faq-title">
        <header className="pricing__section-header">
          <h2 id="pricing-faq-title">{copy.faq.title}</h2>
          <p>{copy.faq.intro}</p>
        </header>
        <Faq items={copy.faq.items} />
        <FaqJsonLd items={copy.faq.items} />
      </section>
    </div>
  )
}
