import { AdminProviders } from '../AdminProviders.tsx'
import { AcceptInvitation } from './AcceptInvitation.tsx'

/** `/admin/invite#<token>`: an invitee joins the team (signed out; the token is in the fragment). */
export default function Page() {
  return (
    <AdminProviders>
      <AcceptInvitation />
    </AdminProviders>
  )
}
