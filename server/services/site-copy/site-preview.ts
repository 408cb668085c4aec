import { fieldErrorsText } from '../../../core/contract/index.ts'
import { sitePreviewBodySchema } from '../../../core/contract/site-requests.ts'
import { SITE_FILES, type SiteContent, type SiteFileName } from '../../../core/site-content/index.ts'
import { checkSiteValue } from '../../content/site-file.ts'
import type { SiteSource } from '../../content/site-source.ts'
import { InvalidInputError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/parse-input.ts'
import type { RenderUrl } from '../../pages/render-page.ts'
import { previewHtml } from '../../pages/preview-html.ts'

export interface SitePreviewDeps {
  /** The copy the site serves now: the preview's file is laid over it. */
  source: Pick<SiteSource, 'content'>
  render: RenderUrl
}

/** A path no page has: the not-found page's preview is the site's 404 for it. */
const NOT_FOUND_PREVIEW_PATH = '/preview-of-the-not-found-page'

/** The page a file's preview shows: its own page, the landing page for what every page shares. */
function previewPathOf(name: SiteFileName): string {
  const pages = SITE_FILES[name].pages
  if (pages === 'every') return '/'
  return pages[0] ?? NOT_FOUND_PREVIEW_PATH
}

/**
 * `POST /api/admin/site/pages/:name/preview { values }`: the file's page as visitors will see it
 * with unsaved values, rendered by the site's own renderer as a post preview is
 * (post-preview.ts): the values are checked by the file's schema exactly as a save checks them
 * (400 naming each field), laid over the copy the site serves, and the page made into HTML that
 * runs nothing (pages/preview-html.ts). Nothing is written: no file, no commit, no page.
 */
export class SitePreview {
  readonly #deps: SitePreviewDeps

  constructor(deps: SitePreviewDeps) {
    this.#deps = deps
  }

  async render(name: SiteFileName, body: unknown): Promise<string> {
    const checked = checkSiteValue(name, parseInput(sitePreviewBodySchema, body).values)
    if (!checked.ok) throw new InvalidInputError(fieldErrorsText(checked.issues), checked.issues[0]?.path)
    const site: SiteContent = { ...this.#deps.source.content(), [name]: checked.value }
    const url = previewPathOf(name)
    const page = await this.#deps.render(url, { site })
    const expected = url === NOT_FOUND_PREVIEW_PATH ? 404 : 200
    if (!page || page.status !== expected) throw new Error(`The page ${url} did not render for a preview (${page?.status ?? 'nothing'})`)
    return previewHtml(page.html)
  }
}
