import { useQuery } from '@tanstack/react-query'
import { type MouseEvent, type RefObject, useEffect } from 'react'
import { navigate } from 'vike/client/router'
import { type AdminArea, AdminNav } from './AdminNav.tsx'
import { adminApi } from './api/api-client.ts'
import { adminQueries, clearAdminData } from './api/admin-queries.ts'

/** Who is signed in, for an admin page; signed out (or the session unreadable): the login page. */
export function useAdminSession() {
  const me = useQuery(adminQueries.me())
  const signedOut = me.isSuccess && me.data === null
  // The site requires a second factor and this person has none: only their account page works (it says why).
  const mustAddFactor = me.data?.mustAddSecondFactor === true
  useEffect(() => {
    if (signedOut || me.isError) void navigate('/admin/login')
    else if (mustAddFactor && window.location.pathname !== '/admin/account') void navigate('/admin/account')
  }, [signedOut, me.isError, mustAddFactor])
  return me
}

/**
 * An admin page's heading, Logout and the nav between the admin's areas. `mayLeave` may keep the
 * admin on the page (unsaved changes) before Logout or a nav link takes them away.
 */
export function AdminHeader(props: { title: string; current: AdminArea; headingRef: RefObject<HTMLHeadingElement | null>; mayLeave?: () => boolean }) {
  const { mayLeave } = props
  const me = useQuery(adminQueries.me())
  const logout = async () => {
    if (mayLeave && !mayLeave()) return
    await adminApi.logout().catch(() => {})
    clearAdminData()
    await navigate('/admin/login')
  }
  return (
    <>
      <header className="admin-header">
        <h1 ref={props.headingRef} tabIndex={-1}>
          {props.title}
        </h1>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </header>
      <AdminNav current={props.current} role={me.data?.role} onLeave={linkGuard(mayLeave)} />
    </>
  )
}

/** A link's click handler that stays on the page unless `mayLeave` agrees. */
export function linkGuard(mayLeave?: () => boolean): (event: MouseEvent) => void {
  return (event) => {
    if (!mayLeave || mayLeave()) return
    event.preventDefault()
    // vike follows links from a listener on the document: the click must not reach it.
    event.stopPropagation()
  }
}
