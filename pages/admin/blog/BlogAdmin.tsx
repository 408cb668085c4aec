import { useEffect, useRef, useState } from 'react'
import type { AdminPost, AdminPostCard } from '../../../core/contract/index.ts'
import { AdminHeader, useAdminSession } from '../AdminHeader.tsx'
import { AdminLoading } from '../AdminLoading.tsx'
import { EditPost } from './EditPost.tsx'
import { DeletedPosts } from './history/DeletedPosts.tsx'
import { PostEditor } from './PostEditor.tsx'
import { type FocusRequest, PostList } from './PostList.tsx'
import { RedirectsSection } from './RedirectsSection.tsx'
import { SyncStatus } from './SyncStatus.tsx'
import { useAdminLocation } from './use-admin-location.ts'
import type { ListView } from './use-post-list.ts'

/**
 * SPEC §2 "Blog admin": checks the session, then the list or the editor (SPEC §4), whichever the
 * address says (`?edit=<id>`, `?new`; use-admin-location.ts). Closing the editor puts focus back
 * on the card it was opened from, or on the post just saved.
 */
export function BlogAdmin() {
  const me = useAdminSession()
  const { location, go } = useAdminLocation()
  // The card Edit was clicked on: the editor shows its fields while the post is read.
  const [openedCard, setOpenedCard] = useState<AdminPostCard | null>(null)
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  const signedIn = Boolean(me.data)

  // Signed in (after the login page, or a reload): focus starts at the page's heading, so the
  // next Tab goes to what the page holds, not to the navigation or the footer. An editor the
  // address opens takes it instead (Title).
  const heading = useRef<HTMLHeadingElement>(null)
  const editorAtStart = useRef(location.editor !== null)
  useEffect(() => {
    if (signedIn && !editorAtStart.current) heading.current?.focus()
  }, [signedIn])

  if (!me.data) return <AdminLoading />


  const { editor } = location
  const changeList = (list: ListView, how?: 'push' | 'replace') =>
    // Each key typed in the search replaces the entry; a filter or a page is a step Back undoes.
    go({ ...location, list }, how ?? (list.search !== location.list.search ? 'replace' : 'push'))
  const openEditor = (card: AdminPostCard | null) => {
    setOpenedCard(card)
    go({ ...location, editor: card ? { kind: 'edit', id: card.id } : { kind: 'new' } }, 'push')
  }
  const closeEditor = (saved?: AdminPost) => {
    const from = editor?.kind === 'edit' ? editor.id : 'new'
    setFocusRequest({ id: saved?.id ?? from, at: Date.now() })
    setOpenedCard(null)
    go({ ...location, editor: null }, 'push')
  }

  return (
    <div className="container admin-page">
      <AdminHeader title="Blog Admin" current="blog" headingRef={heading} />
      <SyncStatus />
      {editor === null ? (
        <PostList
          view={location.list}
          onViewChange={changeList}
          onNew={() => openEditor(null)}
          onEdit={openEditor}
          focusRequest={focusRequest}
          onFocused={() => setFocusRequest(null)}
        />
      ) : editor.kind === 'edit' ? (
        <EditPost
          key={editor.id}
          id={editor.id}
          card={openedCard?.id === editor.id ? openedCard : null}
          username={me.data.username}
          onDone={closeEditor}
        />
      ) : (
        <PostEditor post={null} username={me.data.username} onDone={closeEditor} />
      )}
      {editor === null && <DeletedPosts />}
      {/* Redirects move visitors: editors' and admins' to change (the server refuses authors). */}
      {editor === null && me.data.role !== 'author' && <RedirectsSection />}
    </div>
  )
}
