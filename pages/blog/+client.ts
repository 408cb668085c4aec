// The islands of /blog (renderer/Island.tsx), each loaded when the reader is about to use it
// (renderer/islands-loader.ts): the list when they page on, the search when they go to its box.
import { armIslands } from '../../renderer/islands-loader.ts'

armIslands({
  BlogSearch: () => import('./BlogSearch.tsx').then((module) => module.BlogSearch),
  BlogList: () => import('./BlogList.tsx').then((module) => module.BlogList),
})
