import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../../renderer/components/toast.ts'
import type { PostHistoryEntry } from '../../../../core/contract/index.ts'
import { describePostChange } from '../../../../core/post-change-words.ts'
import { adminApi } from '../../api/api-client.ts'
import { adminQueries, refetchLists } from '../../api/admin-queries.ts'
import { formatDay, formatWhen } from './history-dates.ts'
import { RestoreDialog } from './RestoreDialog.tsx'
import { VersionCompare } from './VersionCompare.tsx'
import './history.css'

/** The post the history is of: a live one (restoring sends the version the admin saw), or a deleted one. */
export type HistoryOf = { id: string; title: string } & ({ deleted: false; version: string } | { deleted: true })

/**
 * A post's History: each commit that changed it, who, when and what in words; one version
 * beside the current one; Restore, asked in the admin's own dialog (a new commit, never a
 * history rewrite). For a deleted post, Restore brings it back as that version.
 */
/** `mayRestore` false: the person may read this post's history but not change the post (an author, another's post). */
export function PostHistory(props: { post: HistoryOf; onRestored: () => void; mayRestore?: boolean }) {
  const { post } = props
  const history = useQuery(adminQueries.postHistory(post.id))
  const [selected, setSelected] = useState<PostHistoryEntry | null>(null)
  const [asking, setAsking] = useState(false)
  const restore = useMutation({
    mutationFn: (commit: string) =>
      post.deleted ? adminApi.undeletePost(post.id, { commit }) : adminApi.restorePost(post.id, { commit, version: post.version }),
    onSuccess: async () => {
      setAsking(false)
      toast({ title: 'Success', description: 'Blog post restored' })
      await refetchLists()
      props.onRestored()
    },
    onError: (error) => {
      setAsking(false)
      toast({ title: 'Error', description: `Failed to restore blog post (${error.message})`, variant: 'destructive' })
    },
  })

  return (
    <section className="admin-history" aria-labelledby={`history-title-${post.id}`}>
      <h3 id={`history-title-${post.id}`}>History</h3>
      {history.isPending && <p className="admin-status">Loading history...</p>}
      {history.isError && <p role="alert">The history could not be loaded ({history.error.message}).</p>}
      {history.data && <HistoryList entries={history.data} selected={selected} onSelect={setSelected} />}
      {selected && <VersionCompare postId={post.id} entry={selected} restoring={restore.isPending} onRestore={props.mayRestore === false ? undefined : () => setAsking(true)} />}
      {selected && (
        <RestoreDialog
          open={asking}
          postTitle={post.title}
          version={{ commit: selected.id, author: selected.author, date: selected.date }}
          deleted={post.deleted}
          restoring={restore.isPending}
          onCancel={() => setAsking(false)}
          onRestore={() => restore.mutate(selected.id)}
        />
      )}
    </section>
  )
}

function HistoryList(props: { entries: PostHistoryEntry[]; selected: PostHistoryEntry | null; onSelect: (entry: PostHistoryEntry) => void }) {
  const { entries, selected, onSelect } = props
  return (
    <ol className="admin-history__list">
      {entries.map((entry) => {
        const when = formatWhen(entry.date)
        return (
          <li key={entry.id} className={selected?.id === entry.id ? 'admin-history__entry is-selected' : 'admin-history__entry'}>
            <div>
              <span className="admin-history__what">{describePostChange(entry.change, formatDay)}</span>
              <span className="admin-hint">
                {entry.author.name} · <time dateTime={entry.date}>{when}</time> · <span title={entry.message}>{entry.id.slice(0, 7)}</span>
              </span>
            </div>
            {entry.change.kind !== 'deleted' && (
              <button type="button" className="button" aria-pressed={selected?.id === entry.id} onClick={() => onSelect(entry)}>
                View <span className="visually-hidden">the version of {when}</span>
              </button>
            )}
          </li>
        )
      })}
    </ol>
  )
}
