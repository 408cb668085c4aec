import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { SiteFileWire, SiteHistoryEntry } from '../../../core/contract/index.ts'
import type { SiteFileName } from '../../../core/site-content/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchSitePages } from '../api/admin-queries.ts'
import { formatWhen } from '../blog/history/history-dates.ts'
import { RestoreDialog } from '../blog/history/RestoreDialog.tsx'
import '../blog/history/history.css'
import { SiteVersionCompare } from './SiteVersionCompare.tsx'

/**
 * A site file's History, as a post's (blog/history/PostHistory.tsx): each commit that changed
 * it, who, when and its message; one version beside the current values (which fields differ,
 * old → new); Restore, asked in the admin's own dialog, as a new commit ("site: pricing —
 * restored from 1a2b3c4"). `version`: the file's version the admin has now (a restore is a 409
 * when it changed since). `onRestored`: the file as the restore left it (the form takes its values).
 */
export function SiteHistory<N extends SiteFileName>(props: { name: N; pageTitle: string; version: string | null; onRestored?: (file: SiteFileWire<N>) => void }) {
  const { name } = props
  const history = useQuery(adminQueries.sitePageHistory(name))
  const [selected, setSelected] = useState<SiteHistoryEntry | null>(null)
  const [asking, setAsking] = useState(false)
  const restore = useMutation({
    mutationFn: (commit: string) => adminApi.restoreSitePage(name, { commit, version: props.version }),
    onSuccess: async (file) => {
      setAsking(false)
      setSelected(null)
      toast({ title: 'Success', description: file.review ? `${props.pageTitle} restored on its review branch (${file.review.branch})` : `${props.pageTitle} restored` })
      await refetchSitePages()
      props.onRestored?.(file)
    },
    onError: (error) => {
      setAsking(false)
      toast({ title: 'Error', description: `Failed to restore ${props.pageTitle} (${error.message})`, variant: 'destructive' })
    },
  })
  const headingId = `site-history-${name}`

  return (
    <section className="admin-history" aria-labelledby={headingId}>
      <h3 id={headingId}>History of {props.pageTitle}</h3>
      {history.isPending && <p className="admin-status">Loading history...</p>}
      {history.isError && <p role="alert">The history could not be loaded ({history.error.message}).</p>}
      {history.data?.length === 0 && <p className="admin-hint">No saved version yet: the page shows its built-in copy.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="admin-history__list">
          {history.data.map((entry) => {
            const when = formatWhen(entry.date)
            return (
              <li key={entry.id} className={selected?.id === entry.id ? 'admin-history__entry is-selected' : 'admin-history__entry'}>
                <div>
                  <span className="admin-history__what">{entry.message}</span>
                  <span className="admin-hint">
                    {entry.author.name} · <time dateTime={entry.date}>{when}</time> · {entry.id.slice(0, 7)}
                  </span>
                </div>
                <button type="button" className="button" aria-pressed={selected?.id === entry.id} onClick={() => setSelected(entry)}>
                  View <span className="visually-hidden">the version of {when}</span>
                </button>
              </li>
            )
          })}
        </ol>
      )}
      {selected && <SiteVersionCompare name={name} entry={selected} restoring={restore.isPending} onRestore={() => setAsking(true)} />}
      {selected && (
        <RestoreDialog
          open={asking}
          postTitle={props.pageTitle}
          subject="The page"
          version={{ commit: selected.id, author: selected.author, date: selected.date }}
          deleted={false}
          restoring={restore.isPending}
          onCancel={() => setAsking(false)}
          onRestore={() => restore.mutate(selected.id)}
        />
      )}
    </section>
  )
}
