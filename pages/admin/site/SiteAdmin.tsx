import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { isSiteFileName, SITE_FILES } from '../../../core/site-content/index.ts'
import { AdminHeader, linkGuard, useAdminSession } from '../AdminHeader.tsx'
import { AdminLoading } from '../AdminLoading.tsx'
import { adminQueries } from '../api/admin-queries.ts'
import { SiteFileForm } from './SiteFileForm.tsx'
import { SiteFileList } from './SiteFileList.tsx'
import './site-admin.css'

/**
 * The Site area: the files of the site's copy and, at `/admin/site/<file>`, that file's form.
 * Checks the session as the blog admin does (signed out: the login page). Leaving a form with
 * unsaved changes by a link of the admin asks first; closing the tab asks too (the form's own).
 */
export function SiteAdmin(props: { name: string | null }) {
  const me = useAdminSession()
  // Whether the open form has changes not saved (SiteFileForm keeps it).
  const unsaved = useRef(false)
  const mayLeave = () => {
    if (unsaved.current && !window.confirm(LEAVE_QUESTION)) return false
    unsaved.current = false
    return true
  }
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (me.data) heading.current?.focus()
  }, [me.data])

  if (!me.data) return <AdminLoading />

  const name = props.name !== null && isSiteFileName(props.name) ? props.name : null

  return (
    <div className="container admin-page">
      <AdminHeader title="Site Admin" current="site" headingRef={heading} mayLeave={mayLeave} />
      {/* The site's pages are editors' and admins' (the server answers an author 403): an address typed by hand says so. */}
      {me.data.role === 'author' ? (
        <p className="admin-hint">The site&apos;s pages are edited by editors and admins. Authors write posts, under Blog.</p>
      ) : (
      <div className="site-admin">
        <SiteFileList current={name} onOpen={linkGuard(mayLeave)} />
        {name ? (
          <FileEditor key={name} name={name} unsaved={unsaved} />
        ) : props.name !== null ? (
          <p role="alert">There is no page file “{props.name}”: choose one of the list.</p>
        ) : (
          <p className="admin-hint site-admin__choose">Choose a page to edit its copy. A save is one commit, and the page shows it at once.</p>
        )}
      </div>
      )}
    </div>
  )
}

function FileEditor(props: { name: keyof typeof SITE_FILES; unsaved: { current: boolean } }) {
  const file = useQuery(adminQueries.sitePage(props.name))
  if (file.isError) return <p role="alert">{SITE_FILES[props.name].title} could not be loaded ({file.error.message}).</p>
  if (!file.data) return <p className="admin-status">Loading {SITE_FILES[props.name].title}...</p>
  return <SiteFileForm file={file.data} unsaved={props.unsaved} />
}

const LEAVE_QUESTION = 'This page has unsaved changes. Leave without saving them?'
