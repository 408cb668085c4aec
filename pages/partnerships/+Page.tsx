import { LINKS } from '../../renderer/brand.ts'
import './partnerships.css'

const SUBJECT = 'Partnership inquiry'
const PARTNERSHIPS_MAILTO = `mailto:${LINKS.supportEmail}?subject=${encodeURIComponent(SUBJECT)}`

/** SPEC §2: the four kinds of partners Watchio is looking for. */
const PARTNER_KINDS = [
  {
    title: 'Content Providers & Distributors',
    description:
      'Licensed broadcasters, IPTV services and distributors who want their subscribers to enjoy their streams in a polished, native player. We work with you on playlist, Xtream Codes and EPG compatibility, setup guides and a smooth first sign-in. Watchio never hosts or resells your content: your customers connect with the credentials you give them.',
    icon: (
      <path d="M4 6h16v10H4zM8 20h8M12 16v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    ),
  },
  {
    title: 'Technology & Infrastructure Partners',
    description:
      'Streaming, CDN and transcoding specialists, EPG and metadata providers, subtitle services and cloud or debrid storage platforms. Help us make playback faster, metadata richer and connections more reliable on iPhone, iPad, Apple TV and Mac, and soon on Android and Android TV.',
    icon: (
      <path
        d="M5 5h14v5H5zM5 14h14v5H5zM8 7.5h.01M8 16.5h.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  {
    title: 'Marketing & Distribution Channels',
    description:
      'Tech reviewers, creators, newsletters, communities and app curators who help people get more from their home entertainment. Think co-marketing campaigns, referral and affiliate programs, bundles and promotions that introduce Watchio to a new audience.',
    icon: (
      <path
        d="M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  {
    title: 'Strategic Collaborations',
    description:
      'Device makers, TV and set-top box platforms, and companies with a bigger idea in mind. Deeper integrations, joint products and long-term projects that go beyond a single campaign: if it makes watching better for our users, we want to hear about it.',
    icon: (
      <path
        d="M8 12l3 3 5-6M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
] as const

const WHAT_WE_BRING = [
  'A native, premium player on iPhone, iPad, Apple TV and Mac, with Android and Android TV coming soon',
  'More than 50 thousand users who bring their own IPTV providers, cloud and debrid accounts, FTP and WebDAV servers',
  'A small team that ships often and answers quickly',
  'A clear position: Watchio is a player only, and never hosts, sells or distributes content',
]

export default function Page() {
  return (
    <div className="container partnerships">
      <header className="page-header">
        <h1>Partnerships</h1>
        <p>Let’s build a better way to watch, together.</p>
      </header>

      <div className="partnerships__intro">
        <p>
          Watchio is a premium IPTV player for Apple devices. People use it to bring all of their own sources (M3U
          playlists, Xtream Codes logins, cloud and debrid accounts, FTP and WebDAV) into one elegant library. We are
          always looking for partners who share our focus on quality, reliability and respect for viewers.
        </p>
        <p>
          Whether you run a service, build technology or reach an audience that cares about great streaming, there may
          be something we can do together.
        </p>
      </div>

      <section className="partnerships__section" aria-labelledby="partner-kinds">
        <h2 id="partner-kinds" className="partnerships__heading">
          Who we would like to work with
        </h2>
        <ul className="partner-grid">
          {PARTNER_KINDS.map((kind) => (
            <li key={kind.title} className="partner-card">
              <svg className="partner-card__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                {kind.icon}
              </svg>
              <h3 className="partner-card__title">{kind.title}</h3>
              <p className="partner-card__text">{kind.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="partnerships__section" aria-labelledby="what-we-bring">
        <h2 id="what-we-bring" className="partnerships__heading">
          What we bring
        </h2>
        <ul className="partnerships__bring">
          {WHAT_WE_BRING.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="partnerships__cta" aria-labelledby="partnerships-contact">
        <h2 id="partnerships-contact">Let’s talk</h2>
        <p>
          Tell us who you are, what you have in mind and how to reach you. Every proposal is read by a person, and we
          reply to each one that fits.
        </p>
        <a className="button button--primary button--large" href={PARTNERSHIPS_MAILTO}>
          Contact Partnerships Team
        </a>
        <p className="partnerships__address">
          Or write to <a href={PARTNERSHIPS_MAILTO}>{LINKS.supportEmail}</a>
        </p>
      </section>
    </div>
  )
}
