import { LINKS, SITE_NAME } from '../../renderer/brand.ts'

/** A run of text: plain, bold, or a link. */
export type Inline = string | { strong: string } | { link: string; href: string }
/** A paragraph (plain text, or runs of text), or a bulleted list of them. */
export type Block = string | Inline[] | { list: (string | Inline[])[] }

/** A titled part of a section (an `<h3>`). */
export interface LegalTopic {
  id: string
  title: string
  blocks: Block[]
}

/** One `<h2>` section of the page: its opening blocks, then its topics. */
export interface LegalSection {
  id: string
  title: string
  /** Whether the "On this page" links name it. */
  inContents: boolean
  blocks: Block[]
  topics: LegalTopic[]
}

const SUPPORT_EMAIL: Inline = { link: LINKS.supportEmail, href: `mailto:${LINKS.supportEmail}` }

const TERMS: LegalSection = {
  id: 'terms',
  title: 'Terms of Service',
  inContents: true,
  blocks: [
    `These terms govern your use of the ${SITE_NAME} apps for iPhone, iPad, Apple TV and Mac (and, when they are released, Android and Android TV) and of this website. By downloading or using ${SITE_NAME} you agree to them. If you do not agree, please do not use the app.`,
  ],
  topics: [
    {
      id: 'terms-player',
      title: 'A player, not a content service',
      blocks: [
        `${SITE_NAME} is a media player. It does not host, sell, provide or distribute any content: no channels, playlists, films or series come with the app. It plays sources that you add yourself, such as M3U playlists, Xtream Codes logins, cloud and debrid-style accounts, FTP and WebDAV servers.`,
      ],
    },
    {
      id: 'terms-credentials',
      title: 'Your own IPTV credentials',
      blocks: [
        `You must supply your own IPTV credentials and account details, from providers you have subscribed to or are otherwise authorized to use. You are responsible for keeping them secure, for complying with your providers’ terms, and for having the rights to watch whatever you play in ${SITE_NAME}.`,
      ],
    },
    {
      id: 'terms-use',
      title: 'Acceptable use',
      blocks: [
        {
          list: [
            `Use ${SITE_NAME} only for lawful purposes and in line with the laws that apply to you.`,
            'Do not use it to access, share or distribute content you have no right to.',
            'Do not copy, modify, reverse engineer or resell the app, or try to get around its security or its purchase checks, except where the law expressly allows it.',
          ],
        },
      ],
    },
    {
      id: 'terms-premium',
      title: 'Premium, trials and purchases',
      blocks: [
        'Basic features are free. Premium subscriptions and lifetime purchases are sold through the App Store (and our online store where offered), which handles payment, renewal and refunds under its own terms. A subscription renews automatically unless you cancel it at least 24 hours before the end of the current period; a free trial, where offered, turns into a paid subscription unless cancelled before it ends. Plan changes take effect at the next billing cycle. You can manage or cancel a subscription in your App Store account settings.',
      ],
    },
    {
      id: 'terms-as-is',
      title: 'Provided “as is”',
      blocks: [
        `${SITE_NAME} is provided “as is” and “as available”, without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that the app will be uninterrupted or error-free, or that it will work with every provider, stream, format or device.`,
      ],
    },
    {
      id: 'terms-liability',
      title: 'Limitation of liability',
      blocks: [
        `To the fullest extent permitted by law, we are not liable for any indirect, incidental, special or consequential damages, or for any loss of data, revenue or content, arising from your use of the app or of third-party services you connect to it. Our total liability for any claim is limited to the amount you paid for ${SITE_NAME} in the twelve months before the claim. Nothing in these terms limits rights you have under consumer law that cannot be waived.`,
      ],
    },
    {
      id: 'terms-changes',
      title: 'Termination and changes',
      blocks: [
        `We may suspend access to Premium features if these terms are seriously breached. We may update the app and these terms from time to time; the date at the top of this page shows the latest version, and continuing to use ${SITE_NAME} after a change means you accept the updated terms.`,
      ],
    },
  ],
}

const PRIVACY: LegalSection = {
  id: 'privacy',
  title: 'Privacy Policy',
  inContents: true,
  blocks: [
    `We collect as little as we need to run ${SITE_NAME}, and we never sell your personal information. This policy explains what we collect, why, and what we never collect.`,
  ],
  topics: [
    {
      id: 'privacy-collect',
      title: 'What we collect',
      blocks: [
        {
          list: [
            [
              { strong: 'Account information' },
              ' (your e-mail address and username), for Premium subscribers, so we can provide and restore Premium features and answer your support requests.',
            ],
            [
              { strong: 'App usage data' },
              ', such as the features you use, crashes and performance figures, so we can fix problems and improve the app.',
            ],
            [
              { strong: 'Device information' },
              ', such as your device model, operating system and app version, and your language, so the app works well on your device.',
            ],
          ],
        },
      ],
    },
    {
      id: 'privacy-credentials',
      title: 'Your IPTV credentials stay with you',
      blocks: [
        'We do not store your IPTV credentials. Playlist addresses, logins and passwords you add stay on your device. Connections to your IPTV providers and other sources are made directly from your device: your streams do not pass through our servers.',
      ],
    },
    {
      id: 'privacy-payments',
      title: 'Payments',
      blocks: ['Purchases are processed by the App Store or our store’s payment provider. We never see or store your card details.'],
    },
    {
      id: 'privacy-sharing',
      title: 'Sharing and retention',
      blocks: [
        `We share data only with service providers that help us run ${SITE_NAME} (hosting, crash reporting, analytics), under agreements that protect it, or when the law requires us to. We keep data only as long as we need it for the purposes above.`,
      ],
    },
    {
      id: 'privacy-rights',
      title: 'Your choices',
      blocks: [
        [
          'You can ask us for a copy of your data, or ask us to correct or delete it, by writing to ',
          SUPPORT_EMAIL,
          `. ${SITE_NAME} is not directed at children under 13.`,
        ],
      ],
    },
  ],
}

const DISCLAIMER: LegalSection = {
  id: 'disclaimer',
  title: 'Disclaimer',
  inContents: true,
  blocks: [
    `${SITE_NAME} does not host, store, sell or distribute any content, and is not affiliated with, endorsed by or sponsored by any IPTV provider, broadcaster or content owner. Any content you watch comes from sources you add yourself.`,
    `You are solely responsible for the legality of the content you access with ${SITE_NAME}. We do not encourage or condone piracy or any use that infringes copyright; please use only providers and content you are authorized to access.`,
    'All trademarks, service marks, logos and brand names mentioned on this site or in the app belong to their respective owners. Apple, iPhone, iPad, Apple TV, Mac, tvOS and App Store are trademarks of Apple Inc.; Android and Android TV are trademarks of Google LLC. Their use is for identification only and implies no endorsement.',
    `Third-party services you connect to ${SITE_NAME}, such as cloud storage or a subtitle service, are governed by their own terms and privacy policies.`,
  ],
  topics: [],
}

const CONTACT: LegalSection = {
  id: 'contact',
  title: 'Contact',
  inContents: false,
  blocks: [['Questions about these terms or your privacy? Write to ', SUPPORT_EMAIL, '.']],
  topics: [],
}

/** The legal page's text, in page order. */
export const LEGAL_SECTIONS: readonly LegalSection[] = [TERMS, PRIVACY, DISCLAIMER, CONTACT]
