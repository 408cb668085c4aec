import type { PricingContent, PricingPlan } from '../../core/site-content/pricing.ts'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { type BillingPeriod, isFreePlan, PRICE_SUFFIX, priceFor } from './billing-period.ts'

export function PlanCard(props: { plan: PricingPlan; period: BillingPeriod; words: PricingContent['planCard']; featured?: boolean }) {
  const { plan, period, words } = props
  const { appStoreUrl } = usePageContext().siteShared
  const isFree = isFreePlan(plan)
  const badge = period === 'annually' ? plan.annualBadge : undefined
  // An id from the name: letters and digits, the rest dashes.
  const titleId = `plan-${plan.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`

  return (
    <article className={`plan${props.featured ? ' plan--featured' : ''}`} aria-labelledby={titleId}>
      <div className="plan__head">
        <h3 id={titleId} className="plan__name">
          {plan.name}
        </h3>
        {badge && <p className="plan__badge">{badge}</p>}
      </div>
      <p className="plan__description">{plan.description}</p>
      <p className="plan__price">
        <span className="plan__amount">{priceFor(plan, period)}</span>
        <span className="plan__suffix">{PRICE_SUFFIX}</span>
      </p>
      <p className="plan__billing">{isFree ? words.freeBilling : period === 'annually' ? words.annualBilling : words.monthlyBilling}</p>
      <a className={`button button--large plan__cta${props.featured ? ' button--primary' : ''}`} href={appStoreUrl} rel="noopener">
        {isFree ? words.freeButton : period === 'annually' ? words.annualButton : words.monthlyButton}
      </a>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature.text} className={`plan-feature plan-feature--${feature.included ? 'included' : 'excluded'}`}>
            {feature.included ? <CheckIcon /> : <CrossIcon />}
            {feature.included ? (
              <span>
                <span className="visually-hidden">Included: </span>
                {feature.text}
              </span>
            ) : (
              <span>
                <span className="visually-hidden">Not included: </span>
                <s>{feature.text}</s>
              </span>
            )}
          </li>
        ))}
      </ul>
    </article>
  )
}

function CheckIcon() {
  return (
    <svg className="plan-feature__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.14" />
      <path d="m6 10.2 2.6 2.6L14 7.4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

function CrossIcon() {
  return (
    <svg className="plan-feature__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="m7 7 6 6m0-6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
