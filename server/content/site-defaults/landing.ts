/** The landing page's copy when no valid content/site/landing.yaml was ever committed. */
import type { LandingContent } from '../../../core/site-content/landing.ts'

export const LANDING_DEFAULT: LandingContent = {
  appStoreButton: 'Download on the App Store',
  hero: {
    title: 'Unlock the Magic',
    subtitle: 'Where Entertainment Meets Elegance',
    text: 'Watchio is the premium IPTV player for iPhone, iPad, Apple TV and Mac. Bring your own IPTV provider, cloud and debrid-style accounts or FTP and WebDAV servers, and enjoy them in one beautiful library with a full guide and offline downloads.',
    pricingButton: 'See pricing',
    platforms: 'iPhone · iPad · Apple TV · Mac',
    comingSoon: 'Android and Android TV coming soon',
    note: 'A player only: Watchio does not provide any channels, movies or series.'
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything you already have, finally in one place',
    intro: 'Watchio turns your own playlists and accounts into a library that is a pleasure to browse.',
    items: [
      {
        icon: 'compass',
        title: 'Endless Discovery',
        description: 'Your playlists and accounts become one living library. Browse movies and series by genre, explore sections like Trending, Oscar Winners and Based on True Stories, and find something worth watching in seconds. Enhanced discovery and smart sections come with Premium.',
        imagePosition: 'right',
        screenshot: {
          src: '/images/landing/library.svg',
          width: 960,
          height: 600,
          alt: 'Watchio library on Apple TV: a featured title above rows of posters under Trending and Based on True Stories, with one poster focused'
        }
      },
      {
        icon: 'guide',
        title: 'Full Guide',
        description: 'See what is on across all your live channels in a full program guide built from the guide data your provider supplies. Scroll through the evening, check what comes next and jump straight into any channel that is live now.',
        imagePosition: 'left',
        screenshot: {
          src: '/images/landing/guide.svg',
          width: 960,
          height: 600,
          alt: 'Watchio program guide: six channels with their shows from 20:00 to 22:00, a line marking the current time and the live show previewed above'
        }
      },
      {
        icon: 'download',
        title: 'Offline Downloads',
        description: 'Save movies and episodes from your own sources to watch without a connection, on a flight, a train or anywhere the Wi-Fi is patchy. Pause, resume and see how much storage your downloads use.',
        imagePosition: 'right',
        screenshot: {
          src: '/images/landing/downloads.svg',
          width: 960,
          height: 600,
          alt: 'Watchio downloads list: finished movies and episodes marked as ready, one download at 62 percent and one paused until Wi-Fi is available'
        }
      }
    ]
  },
  benefits: {
    eyebrow: 'Why Watchio',
    title: 'Ten reasons to make it your player',
    items: [
      {
        icon: 'play',
        title: 'No MP4 conversion',
        description: 'Files play in the format they are in. No converting to MP4 first, no waiting and no second copy filling up your storage.'
      },
      {
        icon: 'subtitles',
        title: 'Subtitles your way',
        description: 'Use the subtitles your provider supplies, or with Premium find them in your language through a third-party subtitle service.'
      },
      {
        icon: 'merge',
        title: 'Merge your accounts',
        description: 'Combine several playlists and accounts into one library: up to 2 on the Free plan, as many as you like with Premium.'
      },
      {
        icon: 'profiles',
        title: 'Profiles for everyone',
        description: 'Everyone in the household gets a profile of their own, in a clean and modern interface that is easy to find your way around.'
      },
      {
        icon: 'genre',
        title: 'Discover by genre',
        description: 'Search and browse by genre, from comedy to documentaries, across every account you have added.'
      },
      {
        icon: 'sparkle',
        title: 'Fresh categories',
        description: 'Oscar Winners, Trending and Based on True Stories bring the best of your own library to the surface.'
      },
      {
        icon: 'cloud',
        title: 'Cloud, FTP and WebDAV',
        description: 'Play from cloud and debrid-style accounts or your own FTP and WebDAV server, right next to your IPTV playlists.'
      },
      {
        icon: 'lock',
        title: 'Credentials stay on your device',
        description: 'Your logins are never stored on our servers. Watchio connects directly from your device to your provider.'
      },
      {
        icon: 'tv',
        title: 'Made for Apple TV',
        description: 'A native tvOS design built for the Siri Remote and the big screen, with the same care on iPhone, iPad and Mac.'
      },
      {
        icon: 'devices',
        title: 'Continue on any device',
        description: 'Start an episode on Apple TV and finish it on iPhone: with Premium, watch states and play next follow you across devices.'
      }
    ]
  },
  testimonials: {
    eyebrow: 'Testimonials',
    title: 'Loved on every screen',
    count: '**+50 thousand users** enjoy the product',
    items: [
      {
        title: 'Finally feels native',
        rating: 5,
        flag: '🇺🇸',
        country: 'United States',
        username: 'jordan_k',
        review: 'I tried four IPTV players on my Apple TV before this one. Watchio is the first that feels like it belongs on tvOS: fast, clean, and the Siri Remote just works.'
      },
      {
        title: 'The guide is brilliant',
        rating: 5,
        flag: '🇬🇧',
        country: 'United Kingdom',
        username: 'ellie.m',
        review: 'The program guide is quick and easy to scroll. I can see the whole evening across my channels and jump straight into whatever is on.'
      },
      {
        title: 'Downloads saved my commute',
        rating: 5,
        flag: '🇩🇪',
        country: 'Germany',
        username: 'lukas_b',
        review: 'Before the train I download a couple of episodes from my WebDAV server and watch them offline. And no more converting files to MP4 first.'
      },
      {
        title: 'Two accounts, one library',
        rating: 5,
        flag: '🇨🇦',
        country: 'Canada',
        username: 'maplefan',
        review: 'I merged my M3U playlist and my Xtream Codes login and everything shows up in one place. The kids have their own profile, so their cartoons stay out of my way.'
      },
      {
        title: 'Subtitles in my language',
        rating: 5,
        flag: '🇪🇸',
        country: 'Spain',
        username: 'carmen.r',
        review: 'With Premium, finding Spanish subtitles takes two clicks instead of a search on my laptop. The Oscar Winners section has become our Friday night menu.'
      },
      {
        title: 'Worth going lifetime',
        rating: 5,
        flag: '🇧🇷',
        country: 'Brazil',
        username: 'rafa_tv',
        review: 'Beautiful app, regular updates, and my logins stay on my own devices. We bought Family Lifetime and now the whole family uses it on their iPhones and the living-room Apple TV.'
      }
    ]
  },
  faq: {
    eyebrow: 'FAQ',
    title: 'Frequently asked questions',
    intro: 'Everything about the player itself. Questions about plans and billing are answered on the [pricing page](/pricing).',
    items: [
      {
        question: 'What is Watchio?',
        answer: 'Watchio is an IPTV player for iPhone, iPad, Apple TV and Mac. It turns the playlists and accounts you already have into one elegant library with a full program guide, genre discovery, profiles and offline downloads.'
      },
      {
        question: 'Does Watchio provide channels, movies or series?',
        answer: 'No. Watchio is a player only: it does not host, sell, provide or distribute any content. You bring your own IPTV subscription from a provider of your choice, or your own files on a cloud, FTP or WebDAV server, and Watchio plays them.'
      },
      {
        question: 'Which devices are supported?',
        answer: 'Watchio runs on iPhone, iPad, Apple TV and Mac, with an interface designed for each of them. Android and Android TV versions are coming soon.'
      },
      {
        question: 'Which account types can I add?',
        answer: 'M3U playlists (by URL or file), Xtream Codes logins from your IPTV provider, cloud and debrid-style accounts, and your own FTP and WebDAV servers. You can merge several of them into one library: up to 2 accounts on the Free plan, as many as you like with Premium.'
      },
      {
        question: 'What is the difference between Free and Premium?',
        answer: 'The Free plan plays your accounts, merges up to 2 of them and shows the subtitles that come from your provider. Premium adds unlimited accounts, tracking of favorites, watch states and play next, enhanced discovery with smart sections, and a third-party subtitle service. Premium is $4.99 per month, or $2.49 per month billed annually.'
      },
      {
        question: 'Are my IPTV credentials safe?',
        answer: 'Your IPTV logins stay on your device. Watchio does not store them on its servers: the app connects directly from your device to your provider or server. For Premium subscribers it keeps account information (e-mail and username); the privacy policy on the Legal page lists everything it collects.'
      },
      {
        question: 'Can I share Premium with my family?',
        answer: 'Yes. The family plans use Apple Family Sharing: the organizer and up to five other family members, six people in total, get Premium on their own devices and Apple IDs. Family Lifetime is shared with up to 6 family members in the same way. Each person can also have their own profile inside the app.'
      },
      {
        question: 'How do I cancel my subscription?',
        answer: 'Subscriptions are billed and managed by Apple. On iPhone or iPad, open Settings, tap your name, then Subscriptions, choose Watchio and tap Cancel Subscription. Premium stays active until the end of the period you have already paid for. To avoid being charged after a free trial, cancel before the trial ends.'
      }
    ]
  },
  cta: {
    title: 'Ready to unlock the magic?',
    text: 'Download Watchio, add your playlist or account and start watching in minutes. Free to start, with Premium when you want more.',
    pricingButton: 'Compare plans'
  }
}
