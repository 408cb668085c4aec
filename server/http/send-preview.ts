import type { Context } from 'koa'
import { previewContentSecurityPolicy } from '../pages/preview-html.ts'

/** A page rendered from unsaved values (a post's, a site file's): HTML that runs nothing and is never indexed. */
export function sendPreview(ctx: Context, html: string): void {
  ctx.set('X-Robots-Tag', 'noindex')
  ctx.set('Content-Security-Policy', previewContentSecurityPolicy(html))
  ctx.type = 'text/html; charset=utf-8'
  ctx.body = html
}
