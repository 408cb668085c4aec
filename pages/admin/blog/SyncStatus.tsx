import { useMutation, useQuery } from '@tanstack/react-query'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchAfterSync } from '../api/admin-queries.ts'

/**
 * Where the content stands against the team's git remote, when sync is on: commits not
 * yet pushed with the last error, conflicts to resolve, and a "Sync now" button.
 */
export function SyncStatus() {
  const status = useQuery(adminQueries.syncStatus())
  const syncNow = useMutation({
    mutationFn: () => adminApi.syncNow(),
    onSettled: () => refetchAfterSync(),
  })
  const data = status.data
  if (!data?.enabled) return null
  const conflicts = data.conflicts.length
  return (
    <div className="admin-sync" role="status" aria-label="Sync with the git remote">
      {data.ahead > 0 ? (
        <span>
          {data.ahead} {data.ahead === 1 ? 'commit' : 'commits'} not yet pushed
        </span>
      ) : (
        <span>{data.state === 'behind' ? 'The remote has new commits' : 'In sync with the git remote'}</span>
      )}
      {conflicts > 0 && <span> · {conflicts} out of sync</span>}
      {data.lastError && <span className="admin-sync__error"> · Last error: {data.lastError}</span>}
      <button type="button" className="button" disabled={syncNow.isPending} onClick={() => syncNow.mutate()}>
        {syncNow.isPending ? 'Syncing...' : 'Sync now'}
      </button>
    </div>
  )
}
