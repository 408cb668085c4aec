import { describe, expect, it } from 'vitest'
import type { ImportPlan, PlannedPost } from '../../server/import/import-plan.ts'
import { importReport } from '../../server/import/import-report.ts'

function planned(slug: string, title: string, extra: Partial<PlannedPost> = {}): PlannedPost {
  return {
    source: `wordpress:${slug.length}`,
    post: { id: `id${slug}`, title, slug, summary: '', publishDate: '2024-02-05', isPublished: true, featuredImageUrl: '', content: '<p>x</p>' },
    file: `/c/blog/${slug}.html`,
    text: '',
    notes: [],
    sanitized: null,
    media: [],
    missing: [],
    newFiles: [],
    changes: { kept: [], changed: [] },
    emptied: false,
    ...extra,
  }
}

describe('the import report', () => {
  it('says per post what was kept as written and what was changed and how, counted; skipped items by title; the posts made drafts', () => {
    const plan = {
      posts: [
        planned('gallery', 'Gallery', { changes: { kept: ['paragraph', 'heading', 'paragraph'], changed: ['[gallery] shortcode → gallery', 'dynamic block latest-posts removed', '[gallery] shortcode → gallery'] } }),
        planned('calendar', 'Calendar', { post: { ...planned('calendar', 'Calendar').post, isPublished: false }, emptied: true, changes: { kept: [], changed: ['dynamic block calendar removed'] } }),
      ],
      skipped: [{ source: 'wordpress:4', title: 'Navigation', reason: 'wp_navigation: only posts are imported' }, { source: 'wordpress:9', reason: 'attachment' }],
      mediaFiles: [],
      redirects: { document: { items: [] } as never, added: [], kept: [], refused: [] },
      redirectsText: null,
    } satisfies ImportPlan
    const report = importReport(plan, { title: 'Import', today: '2026-11-26' })
    expect(report).toContain(
      [
        '  published  2024-02-05  gallery  "Gallery"',
        '      kept as written: 2 × paragraph, heading',
        '      changed: 2 × [gallery] shortcode → gallery; dynamic block latest-posts removed',
        '  draft      2024-02-05  calendar  "Calendar"',
        '      changed: dynamic block calendar removed',
      ].join('\n'),
    )
    expect(report).toContain('  "Navigation" (wordpress:4): wp_navigation: only posts are imported\n  wordpress:9: attachment')
    expect(report).toContain('Imported as drafts: no content left, or mostly blocks their old site rendered (1):\n  calendar  "Calendar" (wordpress:8)')
  })
})
