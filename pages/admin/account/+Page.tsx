import { AdminProviders } from '../AdminProviders.tsx'
import { AccountSettings } from './AccountSettings.tsx'

/** `/admin/account`: the signed-in person's own settings. */
export default function Page() {
  return (
    <AdminProviders>
      <AccountSettings />
    </AdminProviders>
  )
}
