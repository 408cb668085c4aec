import type { SeoFor } from '../../../../renderer/seo.ts'
import { FEED_LINKS } from '../../../../core/feed-links.ts'
import { tagFeedLinks } from '../../../../core/tag-feeds.ts'
import type { Data } from './+data.ts'

export default ((pageContext) => {
  const tag = pageContext.data as Data | undefined
  if (!tag) return { title: 'Blog', description: 'News, updates, and insights from the team' }
  const pageNote = tag.page > 1 ? ` (page ${tag.page} of ${tag.totalPages})` : ''
  return {
    title: `Posts tagged ${tag.name}${pageNote}`,
    description: `Posts about ${tag.name} from the team behind Watchio.`,
    // The tag's own feeds first, then the whole blog's.
    feeds: [...tagFeedLinks(tag.slug, tag.name), ...FEED_LINKS],
  }
}) satisfies SeoFor
