import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { AdminPost, PostFields, PostHistoryEntry, VersionedWirePost } from '../../../renderer/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchLists } from '../api/admin-queries.ts'
import { diffLines } from './line-diff.ts'

const RESTORE_QUESTION = 'Restore this version? It becomes the current one as a new commit; nothing is lost from history.'

/** The fields shown side by side (content has its own line diff). */
const FIELDS: { key: keyof PostFields; label: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'slug', label: 'Slug' },
  { key: 'summary', label: 'Summary' },
  { key: 'publishDate', label: 'Publish Date' },
  { key: 'isPublished', label: 'Published' },
  { key: 'featuredImageUrl', label: 'Featured Image URL' },
  { key: 'featuredImageAlt', label: 'Featured image alt text' },
]

/**
 * The editor's History panel: the commits that changed this post, one of them next to
 * the current version with what differs, and Restore (a new commit, never a history rewrite).
 */
export function PostHistory(props: { post: AdminPost; onRestored: () => void }) {
  const { post } = props
  const history = useQuery(adminQueries.postHistory(post.id))
  const [selected, setSelected] = useState<PostHistoryEntry | null>(null)
  const old = useQuery({ ...adminQueries.postVersion(post.id, selected?.id ?? ''), enabled: selected !== null })
  const restore = useMutation({
    mutationFn: (commit: string) => adminApi.restorePost(post.id, { commit, version: post.version }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Blog post restored' })
      await refetchLists()
      props.onRestored()
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to restore blog post (${error.message})`, variant: 'destructive' }),
  })

  return (
    <section className="admin-history" aria-labelledby="admin-history-title">
      <h3 id="admin-history-title">History</h3>
      {history.isPending && <p className="admin-status">Loading history...</p>}
      {history.isError && <p role="alert">The history could not be loaded ({history.error.message}).</p>}
      {history.data && <HistoryList entries={history.data} selected={selected} onSelect={setSelected} />}
      {selected && old.isPending && <p className="admin-status">Loading this version...</p>}
      {selected && old.isError && <p role="alert">This version could not be loaded ({old.error.message}).</p>}
      {selected && old.data && (
        <VersionCompare
          commit={selected.id}
          then={old.data}
          now={post}
          restoring={restore.isPending}
          onRestore={() => {
            if (window.confirm(RESTORE_QUESTION)) restore.mutate(selected.id)
          }}
        />
      )}
    </section>
  )
}

function HistoryList(props: { entries: PostHistoryEntry[]; selected: PostHistoryEntry | null; onSelect: (entry: PostHistoryEntry) => void }) {
  const { entries, selected, onSelect } = props
  return (
    <ol className="admin-history__list">
      {entries.map((entry) => (
        <li key={entry.id} className={selected?.id === entry.id ? 'admin-history__entry is-selected' : 'admin-history__entry'}>
          <div>
            <span className="admin-history__message">{entry.message}</span>
            <span className="admin-hint">
              {entry.author.name} · <time dateTime={entry.date}>{new Date(entry.date).toLocaleString()}</time> · {entry.id.slice(0, 7)}
            </span>
          </div>
          <button type="button" className="button" aria-pressed={selected?.id === entry.id} onClick={() => onSelect(entry)}>
            View <span className="visually-hidden">{entry.id.slice(0, 7)}</span>
          </button>
        </li>
      ))}
    </ol>
  )
}

/** One past version next to the current one: the fields side by side, the content as a line diff, and Restore. */
function VersionCompare(props: { commit: string; then: VersionedWirePost; now: AdminPost; restoring: boolean; onRestore: () => void }) {
  const { commit, then: old, now: post } = props
  return (
    <div className="admin-history__compare" aria-label={`Version ${commit.slice(0, 7)} compared with the current one`} role="region">
      <table className="admin-history__fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">This version</th>
            <th scope="col">Current</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(({ key, label }) => {
            const then = String(old[key] ?? '')
            const now = String(post[key] ?? '')
            return (
              <tr key={key} className={then === now ? undefined : 'is-changed'}>
                <th scope="row">
                  {label}
                  {then !== now && <span className="visually-hidden"> (changed)</span>}
                </th>
                <td>{then}</td>
                <td>{now}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <h4>Content</h4>
      <ul className="admin-diff" aria-label="Content changes, this version to the current one">
        {diffLines(old.content.split('\n'), post.content.split('\n')).map((line, index) => (
          <li key={index} className={`admin-diff__line admin-diff__line--${line.kind}`}>
            <span className="visually-hidden">{line.kind === 'same' ? 'unchanged: ' : line.kind === 'added' ? 'added since: ' : 'removed since: '}</span>
            <code>{line.text}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary" disabled={props.restoring} onClick={props.onRestore}>
        Restore this version
      </button>
    </div>
  )
}
