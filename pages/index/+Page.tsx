import { Faq } from '../../renderer/components/Faq.tsx'
import { LANDING_FAQ } from './landing-faq.ts'
import { LINKS } from '../../renderer/brand.ts'
import { Icon } from './icons.tsx'
import { BENEFITS, FEATURES, type Feature } from './landing-data.ts'
import { Testimonials } from './Testimonials.tsx'
import './landing.css'

/** SPEC §2 landing page: hero, features, benefits, testimonials, FAQ, call to action. */
export default function Page() {
  return (
    <>
      <Hero />
      <Features />
      <Benefits />
      <Testimonials />
      <section id="faq" className="landing-section" aria-labelledby="faq-title">
        <div className="container">
          <header className="section-header">
            <p className="section-header__eyebrow">FAQ</p>
            <h2 id="faq-title">Frequently asked questions</h2>
            <p>
              Everything about the player itself. Questions about plans and billing are answered on the{' '}
              <a href="/pricing">pricing page</a>.
            </p>
          </header>
          <Faq items={LANDING_FAQ} />
        </div>
      </section>
      <CallToAction />
    </>
  )
}

function AppStoreLink() {
  return (
    <a className="button button--primary button--large" href={LINKS.appStore} rel="noopener">
      <Icon name="download" size={20} />
      Download on the App Store
    </a>
  )
}

function Hero() {
  return (
    <section className="hero landing-hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <h1 id="hero-title" className="hero__title">
          Unlock the Magic
        </h1>
        <p className="hero__subtitle">Where Entertainment Meets Elegance</p>
        <p className="hero__text">
          Watchio is the premium IPTV player for iPhone, iPad, Apple TV and Mac. Bring your own IPTV provider, cloud
          and debrid-style accounts or FTP and WebDAV servers, and enjoy them in one beautiful library with a full guide
          and offline downloads.
        </p>
        <div className="hero__actions">
          <AppStoreLink />
          <a className="button button--large" href="/pricing">
            See pricing
          </a>
        </div>
        <p className="landing-hero__platforms">
          iPhone · iPad · Apple TV · Mac <span className="landing-hero__soon">Android and Android TV coming soon</span>
        </p>
        <p className="landing-hero__note">A player only: Watchio does not provide any channels, movies or series.</p>
      </div>
    </section>
  )
}

function Features() {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title">
      <div className="container">
        <header className="section-header">
          <p className="section-header__eyebrow">Features</p>
          <h2 id="features-title">Everything you already have, finally in one place</h2>
          <p>Watchio turns your own playlists and accounts into a library that is a pleasure to browse.</p>
        </header>
        <div className="features">
          {FEATURES.map((feature) => (
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

function Benefits() {
  return (
    <section className="landing-section landing-section--soft" aria-labelledby="benefits-title">
      <div className="container">
        <header className="section-header">
          <p className="section-header__eyebrow">Why Watchio</p>
          <h2 id="benefits-title">Ten reasons to make it your player</h2>
        </header>
        <ul className="benefits">
          {BENEFITS.map((benefit) => (
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

function CallToAction() {
  return (
    <section className="landing-cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="landing-cta__panel">
          <h2 id="cta-title">Ready to unlock the magic?</h2>
          <p>
            Download Watchio, add your playlist or account and start watching in minutes. Free to start, with Premium
            when you want more.
          </p>
          <div className="hero__actions">
            <AppStoreLink />
            <a className="button button--large landing-cta__secondary" href="/pricing">
              Compare plans
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
