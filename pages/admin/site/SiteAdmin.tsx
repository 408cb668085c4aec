import { useQuery } from '@tanstack/react-query'
import { type MouseEvent, useEffect, useRef } from 'react'
import { navigate } from 'vike/client/router'
import { isSiteFileName, SITE_FILES } from '../../../renderer/site-content/index.ts'
import { AdminLoading } from '../AdminLoading.tsx'
import { AdminNav } from '../AdminNav.tsx'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, clearAdminData } from '../api/admin-queries.ts'
import { SiteFileForm, unsavedSiteForm } from './SiteFileForm.tsx'
import { SiteFileList } from './SiteFileList.tsx'
import './site-admin.css'

/**
 * The Site area: the files of the site's copy and, at `/admin/site/<file>`, that file's form.
 * Checks the session as the blog admin does (signed out: the login page). Leaving a form with
 * unsaved changes by a link of the admin asks first; closing the tab asks too (the form's own).
 */
export function SiteAdmin(props: { name: string | null }) {
  const me = useQuery(adminQueries.me())
  const signedOut = me.isSuccess && me.data === null
  useEffect(() => {
    if (signedOut || me.isError) void navigate('/admin/login')
  }, [signedOut, me.isError])
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (me.data) heading.current?.focus()
  }, [me.data])

  if (!me.data) return <AdminLoading />

  const logout = async () => {
    if (!confirmLeave()) return
    unsavedSiteForm.dirty = false
    await adminApi.logout().catch(() => {})
    clearAdminData()
    await navigate('/admin/login')
  }
  const name = props.name !== null && isSiteFileName(props.name) ? props.name : null

  return (
    <div className="container admin-page">
      <header className="admin-header">
        <h1 ref={heading} tabIndex={-1}>
          Site Admin
        </h1>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </header>
      <AdminNav current="site" onLeave={guardLeave} />
      <div className="site-admin">
        <SiteFileList current={name} onOpen={guardLeave} />
        {name ? (
          <FileEditor key={name} name={name} />
        ) : props.name !== null ? (
          <p role="alert">There is no page file “{props.name}”: choose one of the list.</p>
        ) : (
          <p className="admin-hint site-admin__choose">Choose a page to edit its copy. A save is one commit, and the page shows it at once.</p>
        )}
      </div>
    </div>
  )
}

function FileEditor(props: { name: keyof typeof SITE_FILES }) {
  const file = useQuery(adminQueries.sitePage(props.name))
  if (file.isError) return <p role="alert">{SITE_FILES[props.name].title} could not be loaded ({file.error.message}).</p>
  if (!file.data) return <p className="admin-status">Loading {SITE_FILES[props.name].title}...</p>
  return <SiteFileForm file={file.data} />
}

const LEAVE_QUESTION = 'This page has unsaved changes. Leave without saving them?'

function confirmLeave(): boolean {
  return !unsavedSiteForm.dirty || window.confirm(LEAVE_QUESTION)
}

/** A link of the admin followed while the form has unsaved changes: stays unless the admin agrees. */
function guardLeave(event: MouseEvent) {
  if (confirmLeave()) {
    unsavedSiteForm.dirty = false
    return
  }
  event.preventDefault()
  // vike follows links from a listener on the document: the click must not reach it.
  event.stopPropagation()
}
