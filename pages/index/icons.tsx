import type { LandingIcon } from '../../core/site-content/landing.ts'

/** Line icons for the landing page (24×24, currentColor). Decorative: the text next to them says it all. */
const PATHS = {
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm3.5-12.5-2 5-5 2 2-5 5-2Z',
  guide: 'M3 5h18v14H3zM3 10h18M8 10v9M14 10v9M8 5v5',
  download: 'M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2',
  play: 'M8 5.5v13l11-6.5-11-6.5Z',
  subtitles: 'M3 5h18v14H3zM7 13h4M13 13h4M7 16h7',
  merge: 'M6 3v6a6 6 0 0 0 6 6h0a6 6 0 0 1 6 6M18 3v6a6 6 0 0 1-3 5.2M6 21v-3',
  profiles: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M19 14.5a7 7 0 0 1 3 6.5',
  genre: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM16.5 13.5l3.5 3.5-3.5 3.5-3.5-3.5z',
  sparkle: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3ZM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16Z',
  cloud: 'M7 18a4.5 4.5 0 0 1-.5-9A6 6 0 0 1 18 9.5a4.3 4.3 0 0 1-.5 8.5H7ZM12 11v5M9.5 13.5 12 11l2.5 2.5',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  tv: 'M3 5h18v12H3zM8 21h8M12 17v4',
  devices: 'M2 6h13v9H2zM6 19h5M8.5 15v4M17 9h5v12h-5zM19.5 18h0',
  star: 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9L12 2.8Z',
} as const satisfies Record<LandingIcon | 'star', string>

export type IconName = keyof typeof PATHS

export function Icon(props: { name: IconName; className?: string; size?: number }) {
  const size = props.size ?? 24
  return (
    <svg className={props.className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={PATHS[props.name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** A filled star for ratings. */
export function Star() {
  return (
    <svg className="stars__star" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS.star} fill="currentColor" />
    </svg>
  )
}
