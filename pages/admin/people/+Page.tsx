import { AdminProviders } from '../AdminProviders.tsx'
import { PeopleAdmin } from './PeopleAdmin.tsx'

/** `/admin/people`: the team (admins only). */
export default function Page() {
  return (
    <AdminProviders>
      <PeopleAdmin />
    </AdminProviders>
  )
}
