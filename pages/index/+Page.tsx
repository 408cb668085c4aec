import { LINKS } from '../../renderer/site.ts'

export default function Page() {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <h1 className="hero__title">Unlock the Magic</h1>
        <p className="hero__subtitle">Where Entertainment Meets Elegance</p>
        <p className="hero__text">
          Watchio is the IPTV player for iPhone, iPad, Apple TV and Mac. Bring your own IPTV provider, cloud and
          debrid accounts, and browse everything in one beautiful library.
        </p>
        <div className="hero__actions">
          <a className="button button--primary button--large" href={LINKS.appStore} rel="noopener">
            Download on the App Store
          </a>
          <a className="button button--large" href="/blog">
            Read the blog
          </a>
        </div>
      </div>
    </section>
  )
}
