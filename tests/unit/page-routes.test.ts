import { describe, expect, it } from 'vitest'
import { publicPagesOf, type VikePageEntry } from '../../server/pages/page-routes.ts'

const page = (route: unknown, config: VikePageEntry['config'] = {}): VikePageEntry => ({ route, config })

describe('publicPagesOf', () => {
  it('lists every page with one URL, sorted, and which ones the sitemap shows', () => {
    const pages = publicPagesOf({
      '/pages/pricing': page('/pricing'),
      '/pages/index': page('/'),
      '/pages/feedback': page('/feedback', { listing: 'unlisted' }),
      '/pages/blog': page('/blog', { listing: 'sitemap' }),
    })
    expect(pages).toEqual([
      { path: '/', inSitemap: true },
      { path: '/blog', inSitemap: true },
      { path: '/feedback', inSitemap: false },
      { path: '/pricing', inSitemap: true },
    ])
  })

  it('leaves out the error page, private pages, and routes with parameters, globs or a function', () => {
    const pages = publicPagesOf({
      '/pages/_error': { isErrorPage: true, config: {} },
      '/pages/admin/blog': page('/admin/blog', { listing: 'private' }),
      '/pages/blog/@slug': page('/blog/@slug'),
      '/pages/docs': page('/docs/*'),
      '/pages/custom': page(() => true),
      '/pages/legal': page('/legal'),
    })
    expect(pages).toEqual([{ path: '/legal', inSitemap: true }])
  })
})
