import { AdminProviders } from '../AdminProviders.tsx'
import { SiteAdmin } from './SiteAdmin.tsx'

/** `/admin/site`: the files of the site's copy. */
export default function Page() {
  return (
    <AdminProviders>
      <SiteAdmin name={null} />
    </AdminProviders>
  )
}
