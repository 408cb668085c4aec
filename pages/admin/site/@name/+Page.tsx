import { usePageContext } from '../../../../renderer/usePageContext.tsx'
import { AdminProviders } from '../../AdminProviders.tsx'
import { SiteAdmin } from '../SiteAdmin.tsx'

/** `/admin/site/<file>`: the files of the site's copy, and that file's form. */
export default function Page() {
  const name = usePageContext().routeParams.name ?? null
  return (
    <AdminProviders>
      <SiteAdmin key={name} name={name} />
    </AdminProviders>
  )
}
