import { Island } from '../../renderer/Island.tsx'
import { BlogList } from './BlogList.tsx'
import { BlogSearch } from './BlogSearch.tsx'

export default function Page() {
  return (
    <div className="container">
      <header className="page-header">
        <h1>Blog</h1>
        <p>News, updates, and insights from the team</p>
      </header>
      <Island component={BlogSearch} />
      <Island component={BlogList} />
    </div>
  )
}
