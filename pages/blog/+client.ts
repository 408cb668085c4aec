// The islands of /blog (renderer/Island.tsx): all the browser loads of the page, with React.
import { hydrateIslands } from '../../renderer/islands-client.tsx'
import { BlogList } from './BlogList.tsx'
import { BlogSearch } from './BlogSearch.tsx'

hydrateIslands({ BlogSearch, BlogList })
