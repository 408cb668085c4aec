import path from 'node:path'
import { buildPublicPages, openPostContent } from '../../server/compose/site.ts'
import type { Logger } from '../../server/lib/logger.ts'
import { PageFiles } from '../../server/pages/page-files.ts'
import type { PublicPage } from '../../server/pages/page-routes.ts'
import type { RenderUrl } from '../../server/pages/render-page.ts'
import type { BlogContent } from '../../server/services/content/blog-content.ts'
import type { CatchUpOptions } from '../../server/services/pages/page-catch-up.ts'
import type { PublicPages } from '../../server/services/pages/public-pages.ts'
import { slugOfPostUrl } from '../../core/post-urls.ts'
import { TODAY } from './admin-services.ts'
import { recordingLogger } from './git-fixture.ts'

/** The pages of `pages/` a site has beside its posts' (the build reads them from vike's routes). */
export const PUBLIC_PAGES: PublicPage[] = [
  { path: '/', inSitemap: true },
  { path: '/blog', inSitemap: true },
  { path: '/pricing', inSitemap: true },
  { path: '/iptv', inSitemap: false },
]

export interface SitePages {
  pages: PublicPages
  content: BlogContent
  /** This site's own pages folder. */
  dir: string
  /** Page files written or removed since the last `takeChanged()`, relative to `dir` (`blog/x/index.html`), sorted. */
  takeChanged(): string[]
  logger: Logger & { lines: string[] }
}

/**
 * PublicPages as openSite builds it for a running site (server/compose/site.ts's buildPublicPages): over `content`, writing
 * into `siteDir` with its stamps, regenerating after each content change. The renderer is
 * vike's in the site, which needs a build (the API tests use it); here a plain one stands in,
 * rendering a post page from the index as it is (404 for a post the site does not show), so what
 * this service decides (which pages, when) is seen without one. Its `flush` is handed to `cleanups`.
 */
export function openPublicPages(options: {
  content: BlogContent
  /** The site's own folder (under DATA_DIR in a running site): `pages/` and `pages.json` go there. */
  siteDir: string
  cleanups: (() => Promise<void> | void)[]
  catchUp?: CatchUpOptions
  /** The build and settings the pages are made for: another one makes every page stale. */
  renderId?: string
  logger?: SitePages['logger']
}): SitePages {
  const { content } = options
  const dir = path.join(options.siteDir, 'pages')
  const logger = options.logger ?? recordingLogger()
  const changed = new Set<string>()
  const render: RenderUrl = async (url, only) => {
    const slug = slugOfPostUrl(url)
    if (slug === null) return { status: 200, html: `<h1>${url}</h1>`, contentType: 'text/html', headers: [] }
    const post = (only?.posts ?? content.index).get(slug)
    if (!post) return { status: 404, html: '<h1>Post Not Found</h1>', contentType: 'text/html', headers: [] }
    return { status: 200, html: `<h1>${post.title}</h1>\n${post.content}`, contentType: 'text/html', headers: [] }
  }
  const pages = buildPublicPages({
    content,
    regenerate: true,
    files: new PageFiles({ dir, onChange: (file) => changed.add(path.relative(dir, file)) }),
    publicPages: PUBLIC_PAGES,
    render,
    stateFile: path.join(options.siteDir, 'pages.json'),
    renderId: options.renderId ?? 'test-build:{}',
    siteUrl: 'https://watchio.example',
    builtOn: TODAY,
    logger,
    catchUp: options.catchUp,
  })
  options.cleanups.push(() => pages.flush())
  const takeChanged = () => {
    const files = [...changed].sort()
    changed.clear()
    return files
  }
  return { pages, content, dir, takeChanged, logger }
}

/** The posts of `blogDir` read as a site reads them at start (openSite's openPostContent), for a site opened again. */
export function readContent(blogDir: string, today = TODAY): Promise<BlogContent> {
  return openPostContent({ blogDir, folder: 'content/blog', today, logger: recordingLogger() })
}
