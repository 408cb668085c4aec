import { describe, expect, it } from 'vitest'
import { renderNginxConfig } from '../../server/export/nginx-config.ts'
import { servingRules } from '../../server/export/serving-rules.ts'
import { renderRedirectsFile } from '../../server/export/static-host-files.ts'

/** The redirects in the export's serving files, pure: nginx answering them is tests/api/static-export.test.ts. */
describe("the export's redirects", () => {
  const rules = servingRules()
  const redirects = [{ from: '/blog/old', to: '/blog/new' }, { from: "/a;b'c", to: '/d' }]

  it('nginx: an exact location for the path with and without its slash, 301 with the query', () => {
    const config = renderNginxConfig(rules, redirects)
    expect(config).toContain('location = "/blog/old" {\n')
    expect(config).toContain('location = "/blog/old/" {\n')
    expect(config).toContain('  return 301 "/blog/new$is_args$args";\n')
    // A semicolon stays inside the quoted argument.
    expect(config).toContain('location = "/a;b\'c" {\n')
    expect(config.match(/return 301/g)).toHaveLength(4)
    expect(renderNginxConfig(rules)).not.toContain('return 301')
  })

  it('_redirects: a 301 line for each path, before the API rewrites', () => {
    const file = renderRedirectsFile(rules, redirects)
    expect(file).toContain("/blog/old /blog/new 301\n/blog/old/ /blog/new 301\n/a;b'c /d 301\n/a;b'c/ /d 301\n/api/blog/posts ")
  })

  it('never writes a pattern, nor a path the redirect rules refuse, whatever it is handed', () => {
    const slipped = [
      { from: '/*', to: '/blog' },
      { from: '/blog/:slug', to: '/blog' },
      { from: '/old', to: '/new/*' },
      { from: '/ADMIN/x', to: '/blog' },
      { from: '/old two', to: '/blog' },
      { from: '/old', to: 'https://evil.example/' },
    ]
    for (const redirect of slipped) {
      expect(() => renderRedirectsFile(rules, [redirect])).toThrow(/^the redirect .* cannot be exported: /)
      expect(() => renderNginxConfig(rules, [redirect])).toThrow(/^the redirect .* cannot be exported: /)
    }
  })
})
