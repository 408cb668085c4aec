import type { ReactNode } from 'react'
import type { AnnouncementIcon } from '../../core/site-content/announcement.ts'

/** The feature cards' icons (24×24, currentColor), by the name content/site/announcement.yaml gives each card. */
export const ANNOUNCEMENT_ICON_PATHS: Record<AnnouncementIcon, ReactNode> = {
  play: <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />,
  subtitles: (
    <path
      d="M3 6h18v12H3zM7 11h4M13 11h4M7 14.5h7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  
  ),
  search: (
    <path
      d="M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zM15.5 15.5L20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  
  ),
  star: (
    <path
      d="M12 3l2.6 5.5 6 .8-4.4 4.1 1.1 6L12 16.6l-5.3 2.8 1.1-6L3.4 9.3l6-.8z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  
  ),
  merge: (
    <path
      d="M7 4v5a5 5 0 0 0 5 5 5 5 0 0 1 5 5v1M17 4v5a5 5 0 0 1-2 4M4 7l3-3 3 3M14 7l3-3 3 3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  
  ),
  profiles: (
    <path
      d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5a6.5 6.5 0 0 1 3.5 5.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  
  ),
}
