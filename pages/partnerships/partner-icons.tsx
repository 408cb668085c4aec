import type { ReactNode } from 'react'
import type { PartnerIcon } from '../../core/site-content/partnerships.ts'

/** The partner cards' icons (24×24, currentColor), by the name content/site/partnerships.yaml gives each card. */
export const PARTNER_ICON_PATHS: Record<PartnerIcon, ReactNode> = {
  screen: (
    <path d="M4 6h16v10H4zM8 20h8M12 16v4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  ),
  servers: (
    <path
      d="M5 5h14v5H5zM5 14h14v5H5zM8 7.5h.01M8 16.5h.01"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  megaphone: (
    <path
      d="M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  shield: (
    <path
      d="M8 12l3 3 5-6M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
}
