import type { AnnouncementContent } from '../../core/site-content/announcement.ts'
import { RichText } from '../../renderer/components/RichText.tsx'
import { useSiteData } from '../../renderer/site-data.ts'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { ANNOUNCEMENT_ICON_PATHS } from './announcement-icons.tsx'
import './watchio.css'

/** SPEC §1, §2 announcement page: what is new, what to keep in mind, and the community. Its copy: content/site/announcement.yaml. */
export default function Page() {
  const copy = useSiteData<'announcement'>()
  return (
    <div className="announcement">
      <header className="announcement__hero">
        <div className="container">
          <p className="announcement__eyebrow">{copy.eyebrow}</p>
          <h1 className="announcement__title">{copy.title}</h1>
          <p className="announcement__lead">{copy.lead}</p>
        </div>
      </header>

      <div className="container">
        <Availability availability={copy.availability} />
        <WhatsNew whatsNew={copy.whatsNew} />
        <KeepInMind keepInMind={copy.keepInMind} />
        <Community community={copy.community} />
      </div>
    </div>
  )
}

/** Platforms, and where to get the app now. */
function Availability({ availability }: { availability: AnnouncementContent['availability'] }) {
  const { appStoreUrl } = usePageContext().siteShared
  return (
    <section className="announcement__section" aria-labelledby="availability">
      <h2 id="availability" className="announcement__heading">
        {availability.title}
      </h2>
      <ul className="platforms">
        {availability.platforms.map((platform) => (
          <li key={platform.name} className="platform" data-available={platform.available}>
            <span className="platform__name">{platform.name}</span>
            <span className="platform__device">{platform.device}</span>
            <span className={platform.available ? 'platform__status platform__status--now' : 'platform__status'}>
              {platform.available ? availability.availableLabel : availability.comingLabel}
            </span>
          </li>
        ))}
      </ul>
      <p className="announcement__center">
        <a className="button button--primary" href={appStoreUrl} rel="noopener">
          {availability.button}
        </a>
      </p>
    </section>
  )
}

/** The new features, as cards. */
function WhatsNew({ whatsNew }: { whatsNew: AnnouncementContent['whatsNew'] }) {
  return (
    <section className="announcement__section" aria-labelledby="whats-new">
      <h2 id="whats-new" className="announcement__heading">
        {whatsNew.title}
      </h2>
      <ul className="feature-grid">
        {whatsNew.features.map((feature) => (
          <li key={feature.title} className="feature-card">
            <svg className="feature-card__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              {ANNOUNCEMENT_ICON_PATHS[feature.icon]}
            </svg>
            <h3 className="feature-card__title">{feature.title}</h3>
            <p className="feature-card__text">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** What is not there yet, and what is Premium. */
function KeepInMind({ keepInMind }: { keepInMind: AnnouncementContent['keepInMind'] }) {
  return (
    <section className="announcement__section" aria-labelledby="keep-in-mind">
      <h2 id="keep-in-mind" className="announcement__heading">
        {keepInMind.title}
      </h2>
      <ul className="keep-in-mind">
        {keepInMind.items.map((item, index) => (
          <li key={index}>
            <RichText text={item} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The call to join Discord. */
function Community({ community }: { community: AnnouncementContent['community'] }) {
  return (
    <section className="announcement__community" aria-labelledby="community">
      <h2 id="community">{community.title}</h2>
      <p>{community.text}</p>
      <a className="button button--primary button--large" href={community.href}>
        {community.button}
      </a>
    </section>
  )
}
