import { AdminProviders } from '../AdminProviders.tsx'
import { BlogAdmin } from './BlogAdmin.tsx'

export default function Page() {
  return (
    <AdminProviders>
      <BlogAdmin />
    </AdminProviders>
  )
}
