/** The partnerships page's copy when no valid content/site/partnerships.yaml was ever committed. */
import type { PartnershipsContent } from '../../../core/site-content/partnerships.ts'

export const PARTNERSHIPS_DEFAULT: PartnershipsContent = {
  title: 'Partnerships',
  lead: 'Let’s build a better way to watch, together.',
  intro: [
    'Watchio is a premium IPTV player for Apple devices. People use it to bring all of their own sources (M3U playlists, Xtream Codes logins, cloud and debrid accounts, FTP and WebDAV) into one elegant library. We are always looking for partners who share our focus on quality, reliability and respect for viewers.',
    'Whether you run a service, build technology or reach an audience that cares about great streaming, there may be something we can do together.'
  ],
  kindsTitle: 'Who we would like to work with',
  kinds: [
    {
      icon: 'screen',
      title: 'Content Providers & Distributors',
      description: 'Licensed broadcasters, IPTV services and distributors who want their subscribers to enjoy their streams in a polished, native player. We work with you on playlist, Xtream Codes and EPG compatibility, setup guides and a smooth first sign-in. Watchio never hosts or resells your content: your customers connect with the credentials you give them.'
    },
    {
      icon: 'servers',
      title: 'Technology & Infrastructure Partners',
      description: 'Streaming, CDN and transcoding specialists, EPG and metadata providers, subtitle services and cloud or debrid storage platforms. Help us make playback faster, metadata richer and connections more reliable on iPhone, iPad, Apple TV and Mac, and soon on Android and Android TV.'
    },
    {
      icon: 'megaphone',
      title: 'Marketing & Distribution Channels',
      description: 'Tech reviewers, creators, newsletters, communities and app curators who help people get more from their home entertainment. Think co-marketing campaigns, referral and affiliate programs, bundles and promotions that introduce Watchio to a new audience.'
    },
    {
      icon: 'shield',
      title: 'Strategic Collaborations',
      description: 'Device makers, TV and set-top box platforms, and companies with a bigger idea in mind. Deeper integrations, joint products and long-term projects that go beyond a single campaign: if it makes watching better for our users, we want to hear about it.'
    }
  ],
  bringTitle: 'What we bring',
  bring: [
    'A native, premium player on iPhone, iPad, Apple TV and Mac, with Android and Android TV coming soon',
    'More than 50 thousand users who bring their own IPTV providers, cloud and debrid accounts, FTP and WebDAV servers',
    'A small team that ships often and answers quickly',
    'A clear position: Watchio is a player only, and never hosts, sells or distributes content'
  ],
  contact: {
    title: 'Let’s talk',
    text: 'Tell us who you are, what you have in mind and how to reach you. Every proposal is read by a person, and we reply to each one that fits.',
    button: 'Contact Partnerships Team',
    subject: 'Partnership inquiry',
    addressPrefix: 'Or write to'
  }
}
