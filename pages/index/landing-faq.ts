import { CANCEL, FAMILY, type FaqItem, NO_CONTENT } from '../../renderer/components/faq-data.ts'

/** Landing page (/): what the player is, what it is not, and how it works. */
export const LANDING_FAQ: readonly FaqItem[] = [
  {
    question: 'What is Watchio?',
    answer:
      'Watchio is an IPTV player for iPhone, iPad, Apple TV and Mac. It turns the playlists and accounts you already have into one elegant library with a full program guide, genre discovery, profiles and offline downloads.',
  },
  NO_CONTENT,
  {
    question: 'Which devices are supported?',
    answer:
      'Watchio runs on iPhone, iPad, Apple TV and Mac, with an interface designed for each of them. Android and Android TV versions are coming soon.',
  },
  {
    question: 'Which account types can I add?',
    answer:
      'M3U playlists (by URL or file), Xtream Codes logins from your IPTV provider, cloud and debrid-style accounts, and your own FTP and WebDAV servers. You can merge several of them into one library: up to 2 accounts on the Free plan, as many as you like with Premium.',
  },
  {
    question: 'What is the difference between Free and Premium?',
    answer:
      'The Free plan plays your accounts, merges up to 2 of them and shows the subtitles that come from your provider. Premium adds unlimited accounts, tracking of favorites, watch states and play next, enhanced discovery with smart sections, and a third-party subtitle service. Premium is $4.99 per month, or $2.49 per month billed annually.',
  },
  {
    question: 'Are my IPTV credentials safe?',
    answer:
      'Your IPTV logins stay on your device. Watchio does not store them on its servers: the app connects directly from your device to your provider or server. For Premium subscribers it keeps account information (e-mail and username); the privacy policy on the Legal page lists everything it collects.',
  },
  FAMILY,
  CANCEL,
]
