import type { ReactNode } from 'react'
import { LINKS } from '../../renderer/brand.ts'
import './watchio.css'

/** SPEC §1: the features announced with Watchio. */
const FEATURES: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'A player that just plays',
    text: 'No more MP4 conversion. The new player plays your streams and files as they are, so you press play without waiting for a conversion first.',
    icon: <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />,
  },
  {
    title: 'Subtitles from a subtitle service',
    text: 'Support for a dedicated subtitle service means you can find subtitles in your language even when your provider has none.',
    icon: (
      <path
        d="M3 6h18v12H3zM7 11h4M13 11h4M7 14.5h7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  {
    title: 'Search and discover by genre',
    text: 'Genre-based search and discovery: jump straight to comedy, thrillers or documentaries across everything you have added.',
    icon: (
      <path
        d="M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zM15.5 15.5L20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    ),
  },
  {
    title: 'New categories',
    text: 'Fresh ways to find something to watch, with new categories: Oscar Winners, Trending and Based on True Stories.',
    icon: (
      <path
        d="M12 3l2.6 5.5 6 .8-4.4 4.1 1.1 6L12 16.6l-5.3 2.8 1.1-6L3.4 9.3l6-.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    ),
  },
  {
    title: 'One library across accounts',
    text: 'Merge content across your accounts: bring several providers together and browse them as one library, wherever each title comes from.',
    icon: (
      <path
        d="M7 4v5a5 5 0 0 0 5 5 5 5 0 0 1 5 5v1M17 4v5a5 5 0 0 1-2 4M4 7l3-3 3 3M14 7l3-3 3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  {
    title: 'Profiles and a modern UI',
    text: 'Profiles for everyone at home, in a completely redesigned, modern interface that feels at home on the big screen.',
    icon: (
      <path
        d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5a6.5 6.5 0 0 1 3.5 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    ),
  },
]

/** SPEC §1: tvOS now, the rest on the way. */
const PLATFORMS = [
  { name: 'tvOS', device: 'Apple TV', available: true },
  { name: 'iOS', device: 'iPhone', available: false },
  { name: 'iPadOS', device: 'iPad', available: false },
  { name: 'macOS', device: 'Mac', available: false },
  { name: 'Android', device: 'phones and TVs', available: false },
] as const

export default function Page() {
  return (
    <div className="announcement">
      <header className="announcement__hero">
        <div className="container">
          <p className="announcement__eyebrow">Announcement</p>
          <h1 className="announcement__title">Meet Watchio</h1>
          <p className="announcement__lead">
            Watchio is the successor to our original free app: rebuilt from the ground up, with a new player, smarter
            discovery and a modern design. Same idea as before: you bring your own IPTV provider, cloud and debrid
            accounts, FTP and WebDAV servers, and Watchio plays them beautifully.
          </p>
        </div>
      </header>

      <div className="container">
        <Availability />
        <WhatsNew />
        <KeepInMind />
        <Community />
      </div>
    </div>
  )
}

/** Platforms, and where to get the app now. */
function Availability() {
  return (
    <section className="announcement__section" aria-labelledby="availability">
      <h2 id="availability" className="announcement__heading">
        Availability
      </h2>
      <ul className="platforms">
        {PLATFORMS.map((platform) => (
          <li key={platform.name} className="platform" data-available={platform.available}>
            <span className="platform__name">{platform.name}</span>
            <span className="platform__device">{platform.device}</span>
            <span className={platform.available ? 'platform__status platform__status--now' : 'platform__status'}>
              {platform.available ? 'Available now' : 'On the way'}
            </span>
          </li>
        ))}
      </ul>
      <p className="announcement__center">
        <a className="button button--primary" href={LINKS.appStore} rel="noopener">
          Get Watchio for Apple TV
        </a>
      </p>
    </section>
  )
}

/** The new features, as cards. */
function WhatsNew() {
  return (
    <section className="announcement__section" aria-labelledby="whats-new">
      <h2 id="whats-new" className="announcement__heading">
        What's New
      </h2>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="feature-card">
            <svg className="feature-card__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              {feature.icon}
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
function KeepInMind() {
  return (
    <section className="announcement__section" aria-labelledby="keep-in-mind">
      <h2 id="keep-in-mind" className="announcement__heading">
        A Few Things to Keep in Mind
      </h2>
      <ul className="keep-in-mind">
        <li>
          <strong>The Files tab is not supported yet.</strong> It is on our list, and we will bring it back in a
          future update.
        </li>
        <li>
          <strong>Apple TV comes first.</strong> Watchio is available on tvOS now; the iOS, iPadOS, macOS and
          Android versions are on the way.
        </li>
        <li>
          <strong>Watchio is a player only.</strong> It does not host, sell or provide any content: add your own
          M3U playlists, Xtream Codes logins and other accounts to start watching.
        </li>
        <li>
          <strong>Some features are part of Premium.</strong> The basics are free; enhanced discovery and
          customization come with a Premium plan. See the <a href="/pricing">pricing page</a>.
        </li>
      </ul>
    </section>
  )
}

/** The call to join Discord. */
function Community() {
  return (
    <section className="announcement__community" aria-labelledby="community">
      <h2 id="community">Tell us what you think</h2>
      <p>
        Found a bug, missing a feature, or just want to say hello? Join the community on Discord: it is the
        fastest way to reach the team and other Watchio users.
      </p>
      <a className="button button--primary button--large" href="/discord">
        Join us on Discord
      </a>
    </section>
  )
}
