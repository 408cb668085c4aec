import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { navigate } from 'vike/client/router'
import type { AdminPostCard } from '../../../renderer/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, clearAdminData } from '../api/admin-queries.ts'
import { EditPost } from './EditPost.tsx'
import { DeletedPosts } from './history/DeletedPosts.tsx'
import { PostEditor } from './PostEditor.tsx'
import { PostList } from './PostList.tsx'
import { SyncStatus } from './SyncStatus.tsx'
import { FIRST_VIEW, type ListView } from './use-post-list.ts'

/** Which screen the admin sees (SPEC §4): the list, or the editor for a new or an existing post. */
type View = { name: 'list' } | { name: 'editor'; card: AdminPostCard | null }

/** SPEC §2 "Blog admin": checks the session, then the list or the editor. */
export function BlogAdmin() {
  const me = useQuery(adminQueries.me())
  const [view, setView] = useState<View>({ name: 'list' })
  // Kept here, so closing the editor comes back to the same search and page.
  const [listView, setListView] = useState<ListView>(FIRST_VIEW)
  const signedOut = me.isSuccess && me.data === null

  useEffect(() => {
    if (signedOut || me.isError) void navigate('/admin/login')
  }, [signedOut, me.isError])

  if (!me.data) {
    return (
      <div className="container admin-page">
        <p className="admin-status" role="status">
          Loading...
        </p>
      </div>
    )
  }

  const logout = async () => {
    await adminApi.logout().catch(() => {})
    clearAdminData()
    await navigate('/admin/login')
  }

  return (
    <div className="container admin-page">
      <header className="admin-header">
        <h1>Blog Admin</h1>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </header>
      <SyncStatus />
      {view.name === 'list' ? (
        <PostList
          view={listView}
          onViewChange={setListView}
          onNew={() => setView({ name: 'editor', card: null })}
          onEdit={(card) => setView({ name: 'editor', card })}
        />
      ) : view.card ? (
        <EditPost key={view.card.id} card={view.card} username={me.data.username} onDone={() => setView({ name: 'list' })} />
      ) : (
        <PostEditor post={null} username={me.data.username} onDone={() => setView({ name: 'list' })} />
      )}
      {view.name === 'list' && <DeletedPosts />}
    </div>
  )
}
