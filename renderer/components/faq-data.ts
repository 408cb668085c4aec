/**
 * FAQ items (SPEC §3: question, answer) for the landing page and the pricing page.
 * Answers are plain text: the pricing page emits the same text as FAQPage structured data,
 * so what search engines read is exactly what visitors see.
 */
export interface FaqItem {
  question: string
  answer: string
}

const NO_CONTENT: FaqItem = {
  question: 'Does Watchio provide channels, movies or series?',
  answer:
    'No. Watchio is a player only: it does not host, sell, provide or distribute any content. You bring your own IPTV subscription from a provider of your choice, or your own files on a cloud, FTP or WebDAV server, and Watchio plays them.',
}

const CANCEL: FaqItem = {
  question: 'How do I cancel my subscription?',
  answer:
    'Subscriptions are billed and managed by Apple. On iPhone or iPad, open Settings, tap your name, then Subscriptions, choose Watchio and tap Cancel Subscription. Premium stays active until the end of the period you have already paid for. To avoid being charged after a free trial, cancel before the trial ends.',
}

const FAMILY: FaqItem = {
  question: 'Can I share Premium with my family?',
  answer:
    'Yes. The family plans use Apple Family Sharing: the organizer and up to five other family members, six people in total, get Premium on their own devices and Apple IDs. Family Lifetime is shared with up to 6 family members in the same way. Each person can also have their own profile inside the app.',
}

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

/** Pricing page (/pricing): plans, trial, billing, lifetime and vouchers (SPEC §9). */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'Is there a free trial?',
    answer:
      'Yes. New users get a 1-week free trial on the annual Premium plan. The subscription continues automatically unless it is cancelled before the trial ends.',
  },
  {
    question: 'How much does Premium cost?',
    answer:
      'Premium is $4.99 per month when billed monthly, or $2.49 per month when billed annually, which saves 50%. The Free plan costs $0 and has no time limit.',
  },
  {
    question: 'What happens when I change plans?',
    answer:
      'Plan changes, such as moving from monthly to annual billing, take effect at the next billing cycle. Until then you keep the plan you are on.',
  },
  {
    question: 'What is the difference between Solo Lifetime and Family Lifetime?',
    answer:
      'Both are a one-time purchase that unlocks Premium for good, with no subscription. Solo Lifetime is tied to one Apple ID. Family Lifetime is shared with up to 6 family members through Family Sharing and is bought in the app: open Watchio, use search and type "lifetime".',
  },
  {
    question: 'How do I redeem a voucher?',
    answer:
      'In the app, open Settings, choose Redeem Offer Code, then the Watchio voucher entry, and type your code.',
  },
  NO_CONTENT,
  CANCEL,
]
