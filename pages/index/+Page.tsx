import { Faq } from '../../renderer/components/Faq.tsx'
import { RichText } from '../../renderer/components/RichText.tsx'
import { Island } from '../../renderer/Island.tsx'
import type { LandingContent } from '../../core/site-content/landing.ts'
import { useSiteData } from '../../renderer/site-data.ts'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { Icon } from './icons.tsx'
import { Testimonials } from './Testimonials.tsx'
import './landing.css'

type Feature = LandingContent['features']['items'][number]

/** SPEC §2 landing page: hero, features, benefits, testimonials, FAQ, call to action. Its copy: content/site/landing.yaml. */
export default function Page() {
  const copy = useSiteData<'landing'>()
  return (
    <>
      <Hero copy={copy} />
      <Features features={copy.features} />
      <Benefits benefits={copy.benefits} />
      <Island component={Testimonials} props={{ testimonials: copy.testimonials }} />
      <section id="faq" className="landing-section" aria-labelledby="faq-title">
        <div className="container">
          <header className="section-header">
            <p className="section-header__eyebrow">{copy.faq.eyebrow}</p>
            <h2 id="faq-title">{copy.faq.title}</h2>
            <p>
              <RichText text={copy.faq.intro} />
            </p>
          </header>
          <Faq items={copy.faq.items} />
        </div>
      </section>
      <CallToAction copy={copy} />
    </>
  )
}

function AppStoreLink(props: { label: string }) {
  const { appStoreUrl } = usePageContext().siteShared
  return (
    <a className="button button--primary button--large" href={appStoreUrl} rel="noopener">
      <Icon name="download" size={20} />
      {props.label}
    </a>
  )
}

function Hero({ copy }: { copy: LandingContent }) {
  const { hero } = copy
  return (
    <section className="hero landing-hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <h1 id="hero-title" className="hero__title">
          {hero.title}
        </h1>
        <p className="hero__subtitle">{hero.subtitle}</p>
        <p className="hero__text">{hero.text}</p>
        <div className="hero__actions">
          <AppStoreLink label={copy.appStoreButton} />
          <a className="button button--large" href="/pricing">
            {hero.pricingButton}
          </a>
        </div>
        <p className="landing-hero__platforms">
          {`${hero.platforms} `}
          <span className="landing-hero__soon">{hero.comingSoon}</span>
        </p>
        <p className="landing-hero__note">{hero.note}</p>
      </div>
    </section>
  )
}

function Features({ features }: { features: LandingContent['features'] }) {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title">
      <div className="container">
        <header className="section-header">
          <p className="section-header__eyebrow">{features.eyebrow}</p>
          <h2 id="features-title">{features.title}</h2>
          <p>{features.intro}</p>
        </header>
        <div className="features">
          {features.items.map((feature) => (
            <FeatureBlock key={feature.title} feature={feature} />
          ))}
        </div>
      </div>
    </section>
  )
}

function FeatureBlock({ feature }: { feature: Feature }) {
  return (
    <article className={`feature feature--image-${feature.imagePosition}`}>
      <div className="feature__text">
        <span className="feature__icon">
          <Icon name={feature.icon} size={28} />
        </span>
        <h3 className="feature__title">{feature.title}</h3>
        <p className="feature__description">{feature.description}</p>
      </div>
      <div className="feature__media">
        <img
          className="feature__image"
          src={feature.screenshot.src}
          width={feature.screenshot.width}
          height={feature.screenshot.height}
          alt={feature.screenshot.alt}
          loading="lazy"
          decoding="async"
        />
      </div>
    </article>
  )
}

function Benefits({ benefits }: { benefits: LandingContent['benefits'] }) {
  return (
    <section className="landing-section landing-section--soft" aria-labelledby="benefits-title">
      <div className="container">
        <header className="section-header">
          <p className="section-header__eyebrow">{benefits.eyebrow}</p>
          <h2 id="benefits-title">{benefits.title}</h2>
        </header>
        <ul className="benefits">
          {benefits.items.map((benefit) => (
            <li key={benefit.title} className="benefit">
              <span className="benefit__icon">
                <Icon name={benefit.icon} />
              </span>
              <h3 className="benefit__title">{benefit.title}</h3>
              <p className="benefit__description">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function CallToAction({ copy }: { copy: LandingContent }) {
  const { cta } = copy
  return (
    <section className="landing-cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="landing-cta__panel">
          <h2 id="cta-title">{cta.title}</h2>
          <p>{cta.text}</p>
          <div className="hero__actions">
            <AppStoreLink label={copy.appStoreButton} />
            <a className="button button--large landing-cta__secondary" href="/pricing">
              {cta.pricingButton}
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
