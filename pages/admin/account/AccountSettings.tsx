import { useRef } from 'react'
import { AdminHeader, useAdminSession } from '../AdminHeader.tsx'
import { AdminLoading } from '../AdminLoading.tsx'
import { SecuritySection } from './SecuritySection.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'
import { PasswordSection } from './PasswordSection.tsx'
import { ProfileSection } from './ProfileSection.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { PasskeysSection } from './PasskeysSection.tsx'

const ROLE_WORDS = {
  admin: 'Admin: everything, and the team and its settings',
  editor: 'Editor: every post, media and site page; publishes',
  author: 'Author: writes drafts and submits them for review',
} as const

/** The signed-in person's own settings, one section each. */
export function AccountSettings() {
  const me = useAdminSession()
  const heading = useRef<HTMLHeadingElement>(null)
  if (!me.data) return <AdminLoading />
  const mustAdd = me.data.mustAddSecondFactor === true
  const twoFactor = (
    <>
      <TwoFactorSection mustAddSecondFactor={mustAdd} />
      <PasskeysSection />
    </>
  )
  return (
    <div className="container admin-page">
      <AdminHeader title="Your account" current="account" headingRef={heading} />
      <p className="account-role">
        Signed in as <strong>{me.data.displayName}</strong> ({me.data.username}). {ROLE_WORDS[me.data.role]}.
      </p>
      {/* A person who must add a second factor was sent here for it: that section comes first. */}
      {mustAdd && twoFactor}
      <ProfileSection />
      <PasswordSection />
      {!mustAdd && twoFactor}
      <SessionsSection />
      {me.data.role === 'admin' && !mustAdd && <SecuritySection />}
    </div>
  )
}
