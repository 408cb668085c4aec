import type { ReactNode } from 'react'

/** The toolbar's icons: 24×24 outline glyphs in the current text colour, hidden from assistive tech. */
function Icon(props: { children: ReactNode }) {
  return (
    <svg className="rte-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {props.children}
      </g>
    </svg>
  )
}

export type IconName =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'orderedList'
  | 'bulletList'
  | 'blockquote'
  | 'codeBlock'
  | 'link'
  | 'image'
  | 'table'
  | 'video'
  | 'videoFile'
  | 'audioFile'
  | 'clear'

const PATHS: Record<IconName, ReactNode> = {
  bold: <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />,
  italic: <path d="M10 5h8M6 19h8M14 5l-4 14" />,
  underline: <path d="M7 4v7a5 5 0 0 0 10 0V4M5 20h14" />,
  strike: <path d="M5 12h14M16.5 7.5C16 5.8 14.3 5 12 5c-2.8 0-4.5 1.3-4.5 3.2 0 1.6 1 2.4 2.7 3M8 16.5c.6 1.7 2.2 2.5 4.3 2.5 2.8 0 4.6-1.4 4.6-3.4 0-.9-.3-1.6-.9-2.1" />,
  orderedList: <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 1 1 2.6 1L3.5 19h3" />,
  bulletList: (
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="0.8" fill="currentColor" />
      <circle cx="4.5" cy="12" r="0.8" fill="currentColor" />
      <circle cx="4.5" cy="18" r="0.8" fill="currentColor" />
    </>
  ),
  blockquote: <path d="M5 18c2.5-1 3.5-3 3.5-6V7H4v5h4.5M14 18c2.5-1 3.5-3 3.5-6V7H13v5h4.5" />,
  codeBlock: <path d="M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />,
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  image: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="M20.5 16l-5-5-9 8.5" />
    </>
  ),
  table: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="1.5" />
      <path d="M3.5 9.5h17M3.5 14.5h17M9.5 4.5v15M15 4.5v15" />
    </>
  ),
  video: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </>
  ),
  clear: <path d="M6 5h11M12 5l-3.5 14M14 14l6 6M20 14l-6 6" />,
  // A film strip, and a note: the media library's own files.
  videoFile: (
    <>
      <rect x="3.5" y="4.5" width="17" height="15" rx="1.5" />
      <path d="M7.5 4.5v15M16.5 4.5v15M3.5 9h4M3.5 15h4M16.5 9h4M16.5 15h4" />
    </>
  ),
  audioFile: <path d="M9 18V6l10-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM19 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z" />,
}

export function ToolbarIcon(props: { name: IconName }) {
  return <Icon>{PATHS[props.name]}</Icon>
}
