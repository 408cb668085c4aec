/** The announcement page's copy (/watchio) when no valid content/site/announcement.yaml was ever committed. */
import type { AnnouncementContent } from '../../../core/site-content/announcement.ts'

export const ANNOUNCEMENT_DEFAULT: AnnouncementContent = {
  eyebrow: 'Announcement',
  title: 'Meet Watchio',
  lead: 'Watchio is the successor to our original free app: rebuilt from the ground up, with a new player, smarter discovery and a modern design. Same idea as before: you bring your own IPTV provider, cloud and debrid accounts, FTP and WebDAV servers, and Watchio plays them beautifully.',
  availability: {
    title: 'Availability',
    platforms: [
      {
        name: 'tvOS',
        device: 'Apple TV',
        available: true
      },
      {
        name: 'iOS',
        device: 'iPhone',
        available: false
      },
      {
        name: 'iPadOS',
        device: 'iPad',
        available: false
      },
      {
        name: 'macOS',
        device: 'Mac',
        available: false
      },
      {
        name: 'Android',
        device: 'phones and TVs',
        available: false
      }
    ],
    availableLabel: 'Available now',
    comingLabel: 'On the way',
    button: 'Get Watchio for Apple TV'
  },
  whatsNew: {
    title: "What's New",
    features: [
      {
        icon: 'play',
        title: 'A player that just plays',
        text: 'No more MP4 conversion. The new player plays your streams and files as they are, so you press play without waiting for a conversion first.'
      },
      {
        icon: 'subtitles',
        title: 'Subtitles from a subtitle service',
        text: 'Support for a dedicated subtitle service means you can find subtitles in your language even when your provider has none.'
      },
      {
        icon: 'search',
        title: 'Search and discover by genre',
        text: 'Genre-based search and discovery: jump straight to comedy, thrillers or documentaries across everything you have added.'
      },
      {
        icon: 'star',
        title: 'New categories',
        text: 'Fresh ways to find something to watch, with new categories: Oscar Winners, Trending and Based on True Stories.'
      },
      {
        icon: 'merge',
        title: 'One library across accounts',
        text: 'Merge content across your accounts: bring several providers together and browse them as one library, wherever each title comes from.'
      },
      {
        icon: 'profiles',
        title: 'Profiles and a modern UI',
        text: 'Profiles for everyone at home, in a completely redesigned, modern interface that feels at home on the big screen.'
      }
    ]
  },
  keepInMind: {
    title: 'A Few Things to Keep in Mind',
    items: [
      '**The Files tab is not supported yet.** It is on our list, and we will bring it back in a future update.',
      '**Apple TV comes first.** Watchio is available on tvOS now; the iOS, iPadOS, macOS and Android versions are on the way.',
      '**Watchio is a player only.** It does not host, sell or provide any content: add your own M3U playlists, Xtream Codes logins and other accounts to start watching.',
      '**Some features are part of Premium.** The basics are free; enhanced discovery and customization come with a Premium plan. See the [pricing page](/pricing).'
    ]
  },
  community: {
    title: 'Tell us what you think',
    text: 'Found a bug, missing a feature, or just want to say hello? Join the community on Discord: it is the fastest way to reach the team and other Watchio users.',
    button: 'Join us on Discord',
    href: '/discord'
  }
}
