import { useQuery } from '@tanstack/react-query'
import type { ChangedField, PostHistoryEntry } from '../../../../core/contract/index.ts'
import { adminQueries } from '../../api/admin-queries.ts'
import { formatPublishDate, formatWhen } from './history-dates.ts'
import { FieldChanges } from './FieldChanges.tsx'

const LABELS: Record<ChangedField['name'], string> = {
  title: 'Title',
  slug: 'Slug',
  summary: 'Summary',
  publishDate: 'Publish Date',
  isPublished: 'Published',
  featuredImageUrl: 'Featured Image URL',
  featuredImageAlt: 'Image description (alt text)',
  tags: 'Tags',
}

/** A field's value as the form shows it: "Published" or "Draft", a date in the local format, "(none)". */
function shown(field: ChangedField, value: string | boolean): string {
  if (field.name === 'isPublished') return value ? 'Published' : 'Draft'
  if (value === '') return '(none)'
  if (field.name === 'publishDate') return formatPublishDate(String(value))
  return String(value)
}

/**
 * One version beside the current one (the server compares them): only the fields that differ,
 * old → new, and the post's content as its page renders it, with the words inserted since that
 * version underlined in <ins> and the words removed struck through in <del> (history.css says
 * each in words to screen readers too), then Restore.
 */
export function VersionCompare(props: { postId: string; entry: PostHistoryEntry; restoring: boolean; onRestore?: () => void }) {
  const { postId, entry } = props
  const comparison = useQuery(adminQueries.postCompare(postId, entry.id))
  const label = `Version of ${formatWhen(entry.date)} by ${entry.author.name}, compared with the current one`
  return (
    <div className="admin-compare" role="region" aria-label={label}>
      <h4>{label}</h4>
      {comparison.isPending && <p className="admin-status">Loading this version...</p>}
      {comparison.isError && <p role="alert">This version could not be compared ({comparison.error.message}).</p>}
      {comparison.data && (
        <>
          {comparison.data.fields.length === 0 ? (
            <p className="admin-hint">No field other than the content differs.</p>
          ) : (
            <FieldChanges changes={comparison.data.fields.map((field) => ({ key: field.name, label: LABELS[field.name], before: shown(field, field.before), after: shown(field, field.after) }))} />
          )}
          <h5 className="admin-compare__content-title">Content</h5>
          <p className="admin-hint">
            {comparison.data.content.tooLarge
              ? 'Too many changes to mark word by word: the current content is shown.'
              : comparison.data.content.inserted + comparison.data.content.removed === 0
                ? 'The content is the same.'
                : `${words(comparison.data.content.inserted)} inserted since this version (underlined), ${words(comparison.data.content.removed)} removed (struck through).`}
          </p>
          {/* Sanitized on the server, as the post page renders it; the only elements added are <ins> and <del>. */}
          <div className="prose admin-compare__post" dangerouslySetInnerHTML={{ __html: comparison.data.content.html }} />
        </>
      )}
      {props.onRestore && (
        <button type="button" className="button button--primary" disabled={props.restoring || !comparison.data} onClick={props.onRestore}>
          Restore this version
        </button>
      )}
    </div>
  )
}

const words = (count: number) => `${count} ${count === 1 ? 'word' : 'words'}`
