/** The pricing page's copy when no valid content/site/pricing.yaml was ever committed. */
import type { PricingContent } from '../../../core/site-content/pricing.ts'

export const PRICING_DEFAULT: PricingContent = {
  title: 'Pricing Plans',
  intro: 'Start free with your own accounts. Upgrade to Premium when you want more.',
  plans: [
    {
      name: 'Free',
      description: 'Everything you need to play your own playlists and accounts, free for as long as you like.',
      monthlyPrice: {
        amount: 0,
        currency: 'USD'
      },
      annualPrice: {
        amount: 0,
        currency: 'USD'
      },
      features: [
        {
          text: 'Play your own IPTV, cloud, FTP and WebDAV accounts',
          included: true
        },
        {
          text: 'Merge up to 2 accounts',
          included: true
        },
        {
          text: 'Subtitles from your provider',
          included: true
        },
        {
          text: 'Tracking of favorites, watch states and play next',
          included: false
        },
        {
          text: 'Enhanced discovery and smart sections',
          included: false
        },
        {
          text: 'Third-party subtitle service',
          included: false
        }
      ]
    },
    {
      name: 'Premium',
      description: 'The full Watchio experience: every account in one library, and discovery that keeps up with you.',
      monthlyPrice: {
        amount: 4.99,
        currency: 'USD'
      },
      annualPrice: {
        amount: 2.49,
        currency: 'USD'
      },
      annualBadge: 'Save 50% with Annual',
      features: [
        {
          text: 'Play your own IPTV, cloud, FTP and WebDAV accounts',
          included: true
        },
        {
          text: 'Unlimited accounts',
          included: true
        },
        {
          text: 'Subtitles from your provider',
          included: true
        },
        {
          text: 'Tracking of favorites, watch states and play next',
          included: true
        },
        {
          text: 'Enhanced discovery and smart sections',
          included: true
        },
        {
          text: 'Third-party subtitle service',
          included: true
        }
      ]
    }
  ],
  planCard: {
    freeBilling: 'Free forever, no card needed',
    annualBilling: 'Billed annually',
    monthlyBilling: 'Billed monthly',
    freeButton: 'Download free',
    annualButton: 'Start your free week',
    monthlyButton: 'Get Premium'
  },
  terms: [
    'New users get a 1-week free trial on the annual plan.',
    'The subscription continues automatically unless it is cancelled before the trial ends.',
    'Plan changes take effect at the next billing cycle.'
  ],
  lifetime: {
    title: 'Ready to go lifetime?',
    intro: 'Pay once and keep Premium for good: no subscription, no renewals.',
    solo: {
      title: 'Solo Lifetime',
      text: 'Every Premium feature, for life, on your own Apple ID.',
      points: [
        'One payment, no subscription or renewals',
        'Tied to one Apple ID',
        'Online store or in-app purchase'
      ],
      button: 'Get Solo Lifetime',
      dialogTitle: 'Get Solo Lifetime',
      dialogDescription: 'Choose how you would like to buy it.',
      store: {
        title: 'Buy from our online store',
        text: 'Buying directly from our online store saves the app-store fees. The store opens in a new tab.',
        button: 'Open the online store',
        url: 'https://store.watchio.app/lifetime'
      },
      inApp: {
        title: 'Buy in the app',
        text: 'Open the Watchio app and search for **“lifetime”** to buy it as an in-app purchase.'
      }
    },
    family: {
      title: 'Family Lifetime',
      text: 'Premium for life for the whole household, through Family Sharing.',
      points: [
        'One payment, no subscription or renewals',
        'Shared with up to 6 family members',
        'Bought in the app'
      ],
      button: 'Get Family Lifetime',
      dialogTitle: 'Get Family Lifetime',
      dialogDescription: 'Family Lifetime is bought in the app and shared with up to 6 family members.',
      steps: [
        'Open the Watchio app.',
        'Use search.',
        'Type **“lifetime”** and choose Family Lifetime.'
      ]
    },
    voucher: 'Have a voucher? In the app, open **Settings**, choose **Redeem Offer Code**, then the Watchio voucher entry, and type your code.'
  },
  faq: {
    title: 'Frequently asked questions',
    intro: 'Plans, trials, billing and lifetime purchases.',
    items: [
      {
        question: 'Is there a free trial?',
        answer: 'Yes. New users get a 1-week free trial on the annual Premium plan. The subscription continues automatically unless it is cancelled before the trial ends.'
      },
      {
        question: 'How much does Premium cost?',
        answer: 'Premium is $4.99 per month when billed monthly, or $2.49 per month when billed annually, which saves 50%. The Free plan costs $0 and has no time limit.'
      },
      {
        question: 'What happens when I change plans?',
        answer: 'Plan changes, such as moving from monthly to annual billing, take effect at the next billing cycle. Until then you keep the plan you are on.'
      },
      {
        question: 'What is the difference between Solo Lifetime and Family Lifetime?',
        answer: 'Both are a one-time purchase that unlocks Premium for good, with no subscription. Solo Lifetime is tied to one Apple ID. Family Lifetime is shared with up to 6 family members through Family Sharing and is bought in the app: open Watchio, use search and type "lifetime".'
      },
      {
        question: 'How do I redeem a voucher?',
        answer: 'In the app, open Settings, choose Redeem Offer Code, then the Watchio voucher entry, and type your code.'
      },
      {
        question: 'Does Watchio provide channels, movies or series?',
        answer: 'No. Watchio is a player only: it does not host, sell, provide or distribute any content. You bring your own IPTV subscription from a provider of your choice, or your own files on a cloud, FTP or WebDAV server, and Watchio plays them.'
      },
      {
        question: 'How do I cancel my subscription?',
        answer: 'Subscriptions are billed and managed by Apple. On iPhone or iPad, open Settings, tap your name, then Subscriptions, choose Watchio and tap Cancel Subscription. Premium stays active until the end of the period you have already paid for. To avoid being charged after a free trial, cancel before the trial ends.'
      }
    ]
  }
}
