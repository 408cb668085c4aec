/** The legal page's copy when no valid content/site/legal.yaml was ever committed. */
import type { LegalContent } from '../../../core/site-content/legal.ts'

export const LEGAL_DEFAULT: LegalContent = {
  title: 'Legal',
  intro: 'Terms of Service, Privacy Policy and Disclaimer',
  updated: 'Last updated October 2025',
  sections: [
    {
      id: 'terms',
      title: 'Terms of Service',
      inContents: true,
      blocks: [
        'These terms govern your use of the Watchio apps for iPhone, iPad, Apple TV and Mac (and, when they are released, Android and Android TV) and of this website. By downloading or using Watchio you agree to them. If you do not agree, please do not use the app.'
      ],
      topics: [
        {
          id: 'terms-player',
          title: 'A player, not a content service',
          blocks: [
            'Watchio is a media player. It does not host, sell, provide or distribute any content: no channels, playlists, films or series come with the app. It plays sources that you add yourself, such as M3U playlists, Xtream Codes logins, cloud and debrid-style accounts, FTP and WebDAV servers.'
          ]
        },
        {
          id: 'terms-credentials',
          title: 'Your own IPTV credentials',
          blocks: [
            'You must supply your own IPTV credentials and account details, from providers you have subscribed to or are otherwise authorized to use. You are responsible for keeping them secure, for complying with your providers’ terms, and for having the rights to watch whatever you play in Watchio.'
          ]
        },
        {
          id: 'terms-use',
          title: 'Acceptable use',
          blocks: [
            {
              list: [
                'Use Watchio only for lawful purposes and in line with the laws that apply to you.',
                'Do not use it to access, share or distribute content you have no right to.',
                'Do not copy, modify, reverse engineer or resell the app, or try to get around its security or its purchase checks, except where the law expressly allows it.'
              ]
            }
          ]
        },
        {
          id: 'terms-premium',
          title: 'Premium, trials and purchases',
          blocks: [
            'Basic features are free. Premium subscriptions and lifetime purchases are sold through the App Store (and our online store where offered), which handles payment, renewal and refunds under its own terms. A subscription renews automatically unless you cancel it at least 24 hours before the end of the current period; a free trial, where offered, turns into a paid subscription unless cancelled before it ends. Plan changes take effect at the next billing cycle. You can manage or cancel a subscription in your App Store account settings.'
          ]
        },
        {
          id: 'terms-as-is',
          title: 'Provided “as is”',
          blocks: [
            'Watchio is provided “as is” and “as available”, without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that the app will be uninterrupted or error-free, or that it will work with every provider, stream, format or device.'
          ]
        },
        {
          id: 'terms-liability',
          title: 'Limitation of liability',
          blocks: [
            'To the fullest extent permitted by law, we are not liable for any indirect, incidental, special or consequential damages, or for any loss of data, revenue or content, arising from your use of the app or of third-party services you connect to it. Our total liability for any claim is limited to the amount you paid for Watchio in the twelve months before the claim. Nothing in these terms limits rights you have under consumer law that cannot be waived.'
          ]
        },
        {
          id: 'terms-changes',
          title: 'Termination and changes',
          blocks: [
            'We may suspend access to Premium features if these terms are seriously breached. We may update the app and these terms from time to time; the date at the top of this page shows the latest version, and continuing to use Watchio after a change means you accept the updated terms.'
          ]
        }
      ]
    },
    {
      id: 'privacy',
      title: 'Privacy Policy',
      inContents: true,
      blocks: [
        'We collect as little as we need to run Watchio, and we never sell your personal information. This policy explains what we collect, why, and what we never collect.'
      ],
      topics: [
        {
          id: 'privacy-collect',
          title: 'What we collect',
          blocks: [
            {
              list: [
                '**Account information** (your e-mail address and username), for Premium subscribers, so we can provide and restore Premium features and answer your support requests.',
                '**App usage data**, such as the features you use, crashes and performance figures, so we can fix problems and improve the app.',
                '**Device information**, such as your device model, operating system and app version, and your language, so the app works well on your device.'
              ]
            }
          ]
        },
        {
          id: 'privacy-credentials',
          title: 'Your IPTV credentials stay with you',
          blocks: [
            'We do not store your IPTV credentials. Playlist addresses, logins and passwords you add stay on your device. Connections to your IPTV providers and other sources are made directly from your device: your streams do not pass through our servers.'
          ]
        },
        {
          id: 'privacy-payments',
          title: 'Payments',
          blocks: [
            'Purchases are processed by the App Store or our store’s payment provider. We never see or store your card details.'
          ]
        },
        {
          id: 'privacy-sharing',
          title: 'Sharing and retention',
          blocks: [
            'We share data only with service providers that help us run Watchio (hosting, crash reporting, analytics), under agreements that protect it, or when the law requires us to. We keep data only as long as we need it for the purposes above.'
          ]
        },
        {
          id: 'privacy-rights',
          title: 'Your choices',
          blocks: [
            'You can ask us for a copy of your data, or ask us to correct or delete it, by writing to [support@watchio.app](mailto:support@watchio.app). Watchio is not directed at children under 13.'
          ]
        }
      ]
    },
    {
      id: 'disclaimer',
      title: 'Disclaimer',
      inContents: true,
      blocks: [
        'Watchio does not host, store, sell or distribute any content, and is not affiliated with, endorsed by or sponsored by any IPTV provider, broadcaster or content owner. Any content you watch comes from sources you add yourself.',
        'You are solely responsible for the legality of the content you access with Watchio. We do not encourage or condone piracy or any use that infringes copyright; please use only providers and content you are authorized to access.',
        'All trademarks, service marks, logos and brand names mentioned on this site or in the app belong to their respective owners. Apple, iPhone, iPad, Apple TV, Mac, tvOS and App Store are trademarks of Apple Inc.; Android and Android TV are trademarks of Google LLC. Their use is for identification only and implies no endorsement.',
        'Third-party services you connect to Watchio, such as cloud storage or a subtitle service, are governed by their own terms and privacy policies.'
      ],
      topics: []
    },
    {
      id: 'contact',
      title: 'Contact',
      inContents: false,
      blocks: [
        'Questions about these terms or your privacy? Write to [support@watchio.app](mailto:support@watchio.app).'
      ],
      topics: []
    }
  ]
}
