import { Faq } from '../../renderer/components/Faq.tsx'
import { Island } from '../../renderer/Island.tsx'
import { useSiteData } from '../../renderer/site-data.ts'
import { FaqJsonLd } from './FaqJsonLd.tsx'
import { Lifetime } from './Lifetime.tsx'
import { PricingPlans } from './PricingPlans.tsx'
import './pricing.css'

/** SPEC §2 pricing page: billing toggle, Free and Premium, lifetime options, FAQ (+ FAQPage data). Its copy: content/site/pricing.yaml. */
export default function Page() {
  const copy = useSiteData<'pricing'>()

  return (
    <div className="container pricing">
      <header className="page-header">
        <h1>{copy.title}</h1>
        <p>{copy.intro}</p>
      </header>

      <Island component={PricingPlans} />

      <Island component={Lifetime} props={{ lifetime: copy.lifetime }} />

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
