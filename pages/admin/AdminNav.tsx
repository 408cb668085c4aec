import type { MouseEvent } from 'react'
import './admin-nav.css'

const AREAS = [
  { href: '/admin/blog', label: 'Blog' },
  { href: '/admin/site', label: 'Site' },
] as const

/**
 * The admin's areas: the blog's posts and the site's copy. `onLeave` may refuse a click (the
 * Site area asks first while a form has unsaved changes).
 */
export function AdminNav(props: { current: 'blog' | 'site'; onLeave?: (event: MouseEvent) => void }) {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul>
        {AREAS.map((area) => (
          <li key={area.href}>
            <a href={area.href} aria-current={area.href.endsWith(props.current) ? 'page' : undefined} onClick={props.onLeave}>
              {area.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
