import { useState } from 'react'
import { Faq } from '../../renderer/components/Faq.tsx'
import { PRICING_FAQ } from './pricing-faq.ts'
import { BillingToggle } from './BillingToggle.tsx'
import { FaqJsonLd } from './FaqJsonLd.tsx'
import { Lifetime } from './Lifetime.tsx'
import { PlanCard } from './PlanCard.tsx'
import { type BillingPeriod, DEFAULT_BILLING_PERIOD, PLANS } from './plans.ts'
import './pricing.css'

/** SPEC §2 pricing page: billing toggle, Free and Premium, lifetime options, FAQ (+ FAQPage data). */
export default function Page() {
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD)

  return (
    <div className="container pricing">
      <header className="page-header">
        <h1>Pricing Plans</h1>
        <p>Start free with your own accounts. Upgrade to Premium when you want more.</p>
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
          {PLANS.map((plan, index) => (
            <PlanCard key={plan.name} plan={plan} period={period} featured={index === PLANS.length - 1} />
          ))}
        </div>
        <ul className="pricing__terms">
          <li>New users get a 1-week free trial on the annual plan.</li>
          <li>The subscription continues automatically unless it is cancelled before the trial ends.</li>
          <li>Plan changes take effect at the next billing cycle.</li>
        </ul>
      </section>

      <Lifetime />

      <section className="pricing__faq" aria-labelledby="pricing-faq-title">
        <header className="pricing__section-header">
          <h2 id="pricing-faq-title">Frequently asked questions</h2>
          <p>Plans, trials, billing and lifetime purchases.</p>
        </header>
        <Faq items={PRICING_FAQ} />
        <FaqJsonLd items={PRICING_FAQ} />
      </section>
    </div>
  )
}
