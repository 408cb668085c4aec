/** sitemap.xml and robots.txt: pure functions of the site's pages. */
import { escapeXmlText } from '../../core/escape-markup.ts'

export interface SitemapEntry {
  /** Site-relative path, e.g. `/blog/welcome`. */
  path: string
  /** `YYYY-MM-DD`. */
  lastmod: string
}

export function renderSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXmlText(siteUrl + entry.path)}</loc><lastmod>${escapeXmlText(entry.lastmod)}</lastmod></url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function renderRobots(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n')
}
