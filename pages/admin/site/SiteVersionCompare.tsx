import { useQuery } from '@tanstack/react-query'
import type { SiteHistoryEntry } from '../../../core/contract/index.ts'
import type { SiteFileName } from '../../../core/site-content/index.ts'
import { adminQueries } from '../api/admin-queries.ts'
import { formatWhen } from '../blog/history/history-dates.ts'
import { FieldChanges } from '../blog/history/FieldChanges.tsx'

/**
 * One version of a site file beside the current values (the server compares them): the fields
 * that differ, named as a person names them, old → new; or, for a version today's schema does
 * not take, why it cannot be restored. Then Restore.
 */
export function SiteVersionCompare(props: { name: SiteFileName; entry: SiteHistoryEntry; restoring: boolean; onRestore: () => void }) {
  const { name, entry } = props
  const version = useQuery(adminQueries.sitePageVersion(name, entry.id))
  const label = `Version of ${formatWhen(entry.date)} by ${entry.author.name}, compared with the current one`
  const data = version.data
  const restorable = data !== undefined && data.values !== null
  return (
    <div className="admin-compare" role="region" aria-label={label}>
      <h4>{label}</h4>
      {version.isPending && <p className="admin-status">Loading this version...</p>}
      {version.isError && <p role="alert">This version could not be compared ({version.error.message}).</p>}
      {data && !restorable && (
        <div role="alert">
          <p>This version does not match what the page must hold today, so it cannot be restored:</p>
          <ul>
            {data.problems.map((problem) => (
              <li key={`${problem.path}:${problem.reason}`}>
                {problem.path === '' ? 'The file' : <code>{problem.path}</code>}: {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {data && restorable && data.changes.length === 0 && <p className="admin-hint">The same values as now.</p>}
      {data && restorable && data.changes.length > 0 && (
        <FieldChanges changes={data.changes.map((change) => ({ key: change.path, ...change }))} />
      )}
      <button type="button" className="button button--primary" disabled={props.restoring || !restorable} onClick={props.onRestore}>
        Restore this version
      </button>
    </div>
  )
}
