import { useEffect, useRef } from 'react'
import { AdminHeader, useAdminSession } from '../AdminHeader.tsx'
import { AdminLoading } from '../AdminLoading.tsx'
import { InvitationsSection } from './InvitationsSection.tsx'
import { InviteForm } from './InviteForm.tsx'
import { PeopleTable } from './PeopleTable.tsx'
import './people-admin.css'

/**
 * The People area, for admins: the team (role, disabled, removed, second factors reset), an
 * invitation form that shows the one-time link, and the invitations sent. The server checks
 * every call; someone else who opens the address is told it is for admins.
 */
export function PeopleAdmin() {
  const me = useAdminSession()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (me.data) heading.current?.focus()
  }, [me.data])
  if (!me.data) return <AdminLoading />
  return (
    <div className="container admin-page">
      <AdminHeader title="People" current="people" headingRef={heading} />
      {me.data.role === 'admin' ? (
        <>
          <PeopleTable me={me.data.username} />
          <InviteForm />
          <InvitationsSection />
        </>
      ) : (
        <p role="alert">Only admins manage the team. Ask an admin to change your role or to invite someone.</p>
      )}
    </div>
  )
}
