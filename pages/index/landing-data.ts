/**
 * The landing page's static content (SPEC §3: features, benefits, testimonials). Watchio is a
 * player only: no copy here may suggest that it provides channels, movies or series.
 */
import type { IconName } from './icons.tsx'

export interface Feature {
  icon: IconName
  title: string
  description: string
  /** Which side the screenshot sits on, on wide screens (it always comes after the text on narrow ones). */
  imagePosition: 'left' | 'right'
  screenshot: { src: string; width: number; height: number; alt: string }
}

export interface Benefit {
  icon: IconName
  title: string
  description: string
}

export interface Testimonial {
  title: string
  /** Every testimonial shown is rated 5 out of 5 (SPEC §2). */
  rating: 5
  flag: string
  country: string
  username: string
  review: string
}

export const FEATURES: readonly Feature[] = [
  {
    icon: 'compass',
    title: 'Endless Discovery',
    description:
      'Your playlists and accounts become one living library. Browse movies and series by genre, explore sections like Trending, Oscar Winners and Based on True Stories, and find something worth watching in seconds. Enhanced discovery and smart sections come with Premium.',
    imagePosition: 'right',
    screenshot: {
      src: '/images/landing/library.svg',
      width: 960,
      height: 600,
      alt: 'Watchio library on Apple TV: a featured title above rows of posters under Trending and Based on True Stories, with one poster focused',
    },
  },
  {
    icon: 'guide',
    title: 'Full Guide',
    description:
      'See what is on across all your live channels in a full program guide built from the guide data your provider supplies. Scroll through the evening, check what comes next and jump straight into any channel that is live now.',
    imagePosition: 'left',
    screenshot: {
      src: '/images/landing/guide.svg',
      width: 960,
      height: 600,
      alt: 'Watchio program guide: six channels with their shows from 20:00 to 22:00, a line marking the current time and the live show previewed above',
    },
  },
  {
    icon: 'download',
    title: 'Offline Downloads',
    description:
      'Save movies and episodes from your own sources to watch without a connection, on a flight, a train or anywhere the Wi-Fi is patchy. Pause, resume and see how much storage your downloads use.',
    imagePosition: 'right',
    screenshot: {
      src: '/images/landing/downloads.svg',
      width: 960,
      height: 600,
      alt: 'Watchio downloads list: finished movies and episodes marked as ready, one download at 62 percent and one paused until Wi-Fi is available',
    },
  },
]

export const BENEFITS: readonly Benefit[] = [
  {
    icon: 'play',
    title: 'No MP4 conversion',
    description: 'Files play in the format they are in. No converting to MP4 first, no waiting and no second copy filling up your storage.',
  },
  {
    icon: 'subtitles',
    title: 'Subtitles your way',
    description: 'Use the subtitles your provider supplies, or with Premium find them in your language through a third-party subtitle service.',
  },
  {
    icon: 'merge',
    title: 'Merge your accounts',
    description: 'Combine several playlists and accounts into one library: up to 2 on the Free plan, as many as you like with Premium.',
  },
  {
    icon: 'profiles',
    title: 'Profiles for everyone',
    description: 'Everyone in the household gets a profile of their own, in a clean and modern interface that is easy to find your way around.',
  },
  {
    icon: 'genre',
    title: 'Discover by genre',
    description: 'Search and browse by genre, from comedy to documentaries, across every account you have added.',
  },
  {
    icon: 'sparkle',
    title: 'Fresh categories',
    description: 'Oscar Winners, Trending and Based on True Stories bring the best of your own library to the surface.',
  },
  {
    icon: 'cloud',
    title: 'Cloud, FTP and WebDAV',
    description: 'Play from cloud and debrid-style accounts or your own FTP and WebDAV server, right next to your IPTV playlists.',
  },
  {
    icon: 'lock',
    title: 'Credentials stay on your device',
    description: 'Your logins are never stored on our servers. Watchio connects directly from your device to your provider.',
  },
  {
    icon: 'tv',
    title: 'Made for Apple TV',
    description: 'A native tvOS design built for the Siri Remote and the big screen, with the same care on iPhone, iPad and Mac.',
  },
  {
    icon: 'devices',
    title: 'Continue on any device',
    description: 'Start an episode on Apple TV and finish it on iPhone: with Premium, watch states and play next follow you across devices.',
  },
]

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    title: 'Finally feels native',
    rating: 5,
    flag: '🇺🇸',
    country: 'United States',
    username: 'jordan_k',
    review:
      'I tried four IPTV players on my Apple TV before this one. Watchio is the first that feels like it belongs on tvOS: fast, clean, and the Siri Remote just works.',
  },
  {
    title: 'The guide is brilliant',
    rating: 5,
    flag: '🇬🇧',
    country: 'United Kingdom',
    username: 'ellie.m',
    review:
      'The program guide is quick and easy to scroll. I can see the whole evening across my channels and jump straight into whatever is on.',
  },
  {
    title: 'Downloads saved my commute',
    rating: 5,
    flag: '🇩🇪',
    country: 'Germany',
    username: 'lukas_b',
    review:
      'Before the train I download a couple of episodes from my WebDAV server and watch them offline. And no more converting files to MP4 first.',
  },
  {
    title: 'Two accounts, one library',
    rating: 5,
    flag: '🇨🇦',
    country: 'Canada',
    username: 'maplefan',
    review:
      'I merged my M3U playlist and my Xtream Codes login and everything shows up in one place. The kids have their own profile, so their cartoons stay out of my way.',
  },
  {
    title: 'Subtitles in my language',
    rating: 5,
    flag: '🇪🇸',
    country: 'Spain',
    username: 'carmen.r',
    review:
      'With Premium, finding Spanish subtitles takes two clicks instead of a search on my laptop. The Oscar Winners section has become our Friday night menu.',
  },
  {
    title: 'Worth going lifetime',
    rating: 5,
    flag: '🇧🇷',
    country: 'Brazil',
    username: 'rafa_tv',
    review:
      'Beautiful app, regular updates, and my logins stay on my own devices. We bought Family Lifetime and now the whole family uses it on their iPhones and the living-room Apple TV.',
  },
]
