import { isScheduled } from '../../core/site-day.ts'
import { countedList } from './import-changes.ts'
import type { ImportPlan, PlannedPost } from './import-plan.ts'

/**
 * The import's report, as text (pure): each post with its slug, state and day, the source's
 * blocks kept as written and what was changed and how (counted: "2 × [gallery] shortcode →
 * gallery"; a dynamic block removed is named), what the sanitizer removed and why, its images (found in the uploads and added to the library, or kept
 * as they were and why) and its redirects; what was skipped and why; the totals. `--dry-run`
 * prints it and writes nothing; an import prints it with the commit.
 */
export function importReport(plan: ImportPlan, options: { title: string; today: string }): string {
  const lines = [options.title, '']
  const redirectsOf = (post: PlannedPost) => plan.redirects.added.filter((redirect) => redirect.to === `/blog/${post.post.slug}`)
  lines.push(`Posts (${plan.posts.length}):`)
  for (const planned of plan.posts) {
    const { post } = planned
    lines.push(`  ${stateOf(post, options.today).padEnd(9)}  ${post.publishDate}  ${post.slug}  "${post.title}"`)
    if (planned.changes.kept.length > 0) lines.push(`      kept as written: ${countedList(planned.changes.kept, ', ')}`)
    if (planned.changes.changed.length > 0) lines.push(`      changed: ${countedList(planned.changes.changed)}`)
    if (planned.sanitized) lines.push(`      sanitized: ${planned.sanitized}`)
    for (const note of planned.notes) lines.push(`      note: ${note}`)
    for (const image of planned.media) lines.push(`      image: ${image.from} → ${image.to}`)
    for (const missing of planned.missing) lines.push(`      image kept as it was: ${missing.url} (${missing.reason})`)
    for (const redirect of redirectsOf(planned)) lines.push(`      redirect: ${redirect.from} → ${redirect.to}`)
  }
  if (plan.skipped.length > 0) {
    lines.push('', `Skipped (${plan.skipped.length}):`)
    // The same reason many times (37 attachments) is one line with its count; an item is named by its title, its source's id after it.
    const byReason = new Map<string, string[]>()
    for (const item of plan.skipped) byReason.set(item.reason, [...(byReason.get(item.reason) ?? []), item.title ? `"${item.title}" (${item.source})` : item.source])
    for (const [reason, sources] of byReason) {
      lines.push(sources.length === 1 ? `  ${sources[0]}: ${reason}` : `  ${sources.length} × ${reason} (${sources.slice(0, 3).join(', ')}${sources.length > 3 ? ', …' : ''})`)
    }
  }
  if (plan.redirects.refused.length > 0) {
    lines.push('', `Old addresses not redirected (${plan.redirects.refused.length}):`)
    for (const refused of plan.redirects.refused) lines.push(`  ${refused.from} → ${refused.to}: ${refused.reason}`)
  }
  const emptied = plan.posts.filter((planned) => planned.emptied)
  if (emptied.length > 0) {
    lines.push('', `Imported as drafts: no content left, or mostly blocks their old site rendered (${emptied.length}):`)
    for (const planned of emptied) lines.push(`  ${planned.post.slug}  "${planned.post.title}" (${planned.source})`)
  }
  lines.push('', totals(plan, options.today))
  return `${lines.join('\n')}\n`
}

function stateOf(post: { isPublished: boolean; publishDate: string }, today: string): string {
  if (!post.isPublished) return 'draft'
  return isScheduled(post, today) ? 'scheduled' : 'published'
}

function totals(plan: ImportPlan, today: string): string {
  const count = (state: string) => plan.posts.filter((planned) => stateOf(planned.post, today) === state).length
  const sanitized = plan.posts.filter((planned) => planned.sanitized !== null).length
  const missing = new Set(plan.posts.flatMap((planned) => planned.missing.map((image) => image.url))).size
  return [
    `Total: ${plan.posts.length} posts (${count('published')} published, ${count('scheduled')} scheduled, ${count('draft')} drafts), ${plan.skipped.length} skipped;`,
    `${sanitized} changed by the sanitizer; ${plan.mediaFiles.length} images added to the library, ${missing} image URLs kept as they were;`,
    `${plan.redirects.added.length} redirects added, ${plan.redirects.kept.length} already there, ${plan.redirects.refused.length} not made.`,
  ].join('\n')
}
