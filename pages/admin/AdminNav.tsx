import type { MouseEvent } from 'react'
import type { Role } from '../../core/contract/index.ts'
import './admin-nav.css'

export type AdminArea = 'blog' | 'site' | 'people' | 'account'

/** Each area, and who sees it in the nav (the server checks every call; this only mirrors it). */
const AREAS: { area: AdminArea; href: string; label: string; roles: readonly Role[] }[] = [
  { area: 'blog', href: '/admin/blog', label: 'Blog', roles: ['admin', 'editor', 'author'] },
  { area: 'site', href: '/admin/site', label: 'Site', roles: ['admin', 'editor'] },
  { area: 'people', href: '/admin/people', label: 'People', roles: ['admin'] },
  { area: 'account', href: '/admin/account', label: 'Your account', roles: ['admin', 'editor', 'author'] },
]

/**
 * The admin's areas a person's role opens. `onLeave` may refuse a click (the Site area asks
 * first while a form has unsaved changes). While the role is not known yet, only the areas every
 * role has are shown.
 */
export function AdminNav(props: { current: AdminArea; role: Role | undefined; onLeave?: (event: MouseEvent) => void }) {
  const shown = AREAS.filter((entry) => entry.roles.includes(props.role ?? 'author'))
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul>
        {shown.map((entry) => (
          <li key={entry.href}>
            <a href={entry.href} aria-current={entry.area === props.current ? 'page' : undefined} onClick={props.onLeave}>
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
