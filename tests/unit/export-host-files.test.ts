import { describe, expect, it } from 'vitest'
import { pageContextUrlOf, pageFileOf } from '../../server/export/export-layout.ts'
import { renderNginxConfig } from '../../server/export/nginx-config.ts'
import { servingRules } from '../../server/export/serving-rules.ts'
import { renderHeadersFile } from '../../server/export/static-host-files.ts'
import { securityHeadersOf } from '../../server/http/security-headers.ts'

/** The export's serving files (server/export/), pure: nginx serving them is tests/api/static-export.test.ts. */
describe('export layout', () => {
  it('pages are <path>.html, documents keep their names, vike fetches <path>/index.pageContext.json', () => {
    expect(['/', '/blog', '/blog/hello', '/sitemap.xml', '/blog/rss.xml'].map(pageFileOf)).toEqual([
      'index.html',
      'blog.html',
      'blog/hello.html',
      'sitemap.xml',
      'blog/rss.xml',
    ])
    expect(['/', '/blog/hello'].map(pageContextUrlOf)).toEqual(['/index.pageContext.json', '/blog/hello/index.pageContext.json'])
  })
})

describe('nginx.conf', () => {
  const config = renderNginxConfig(servingRules())
  /** Each `location … { … }` block, nested ones apart from their parent. */
  const blocks = [...config.matchAll(/^\s*location [^{]+\{\n((?:\s{2,}(?!location ).*\n)*)/gm)].map((match) => match[0])

  it('every location that answers carries all of the server\'s security headers (nginx drops inherited ones)', () => {
    const answering = blocks.filter((block) => /try_files|return 404 "/.test(block))
    expect(answering.length).toBeGreaterThan(10)
    for (const block of answering) {
      for (const name of Object.keys(securityHeadersOf('production'))) expect(block, block.split('\n')[0]).toContain(`add_header ${name} `)
      expect(block).toContain('add_header Strict-Transport-Security $watchio_hsts always;')
    }
  })

  it('follows the server: another header value there is another value here', () => {
    const rules = servingRules()
    const changed = renderNginxConfig({ ...rules, security: { ...rules.security, 'X-Frame-Options': 'SAMEORIGIN' } })
    expect(changed).toContain('add_header X-Frame-Options "SAMEORIGIN" always;')
    expect(changed).not.toContain('add_header X-Frame-Options "DENY"')
  })

  it('refuses a value nginx would cut short', () => {
    const rules = servingRules()
    expect(() => renderNginxConfig({ ...rules, security: { ...rules.security, 'X-Test': 'a"b' } })).toThrow(/cannot quote/)
  })
})

describe('_headers', () => {
  it('never gives one path two values for a header (the hosts would join them)', () => {
    const rules = servingRules()
    const input = { rules, topPages: ['/', '/blog', '/pricing'], topFiles: [{ name: 'favicon.svg', folder: false }] }
    expect(renderHeadersFile(input)).toContain('/pricing/*\n  Cache-Control: no-cache\n')
    expect(() => renderHeadersFile({ ...input, topFiles: [{ name: 'assets', folder: true }] })).toThrow(/\/assets\/\*: Cache-Control is both/)
  })
})
