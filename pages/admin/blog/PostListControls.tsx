import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { AdminUser, PostState, SyncStatus } from '../../../core/contract/index.ts'
import { adminQueries } from '../api/admin-queries.ts'
import { TagFilter } from './TagFilter.tsx'
import type { ListView } from './use-post-list.ts'

/**
 * The states a post can be in, as the filter names them; review and sync states only where they
 * exist. In review: on a review branch (review mode), or submitted by its author for the editors.
 */
const STATE_OPTIONS: { value: ListView['state']; label: string; when?: (sync: SyncStatus | undefined, me: AdminUser | null | undefined) => boolean }[] = [
  { value: 'all', label: 'All posts' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Draft' },
  { value: 'in-review', label: 'In review', when: (sync, me) => sync?.reviews !== undefined || (me !== null && me !== undefined && me.role !== 'author') },
  { value: 'out-of-sync', label: 'Out of sync', when: (sync) => sync?.enabled === true },
]

/** Search by title, slug, summary or text, a state filter, and how many posts match (announced to screen readers). */
export function PostListControls(props: { view: ListView; onViewChange: (view: ListView) => void; total: number | undefined }) {
  const { view, onViewChange, total } = props
  const ids = useId()
  const sync = useQuery(adminQueries.syncStatus()).data
  const me = useQuery(adminQueries.me()).data
  const options = STATE_OPTIONS.filter((option) => !option.when || option.when(sync, me) || option.value === view.state)
  return (
    <div className="admin-list-controls" role="search" aria-label="Posts">
      <div className="admin-field admin-list-controls__search">
        <label htmlFor={`${ids}-search`}>Search posts</label>
        <input
          id={`${ids}-search`}
          type="search"
          value={view.search}
          maxLength={200}
          placeholder="Title, slug, summary or text"
          autoComplete="off"
          onChange={(event) => onViewChange({ ...view, search: event.target.value, page: 1 })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${ids}-state`}>Show</label>
        <select id={`${ids}-state`} value={view.state} onChange={(event) => onViewChange({ ...view, state: event.target.value as PostState | 'all', page: 1 })}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <TagFilter view={view} onViewChange={onViewChange} />
      <p className="admin-list-controls__count" role="status" aria-live="polite">
        {total === undefined ? '' : `${total.toLocaleString()} ${total === 1 ? 'post' : 'posts'}`}
      </p>
    </div>
  )
}
