import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../../renderer/components/toast.ts'
import type { DeletedPost } from '../../../../core/contract/index.ts'
import { adminApi } from '../../api/api-client.ts'
import { adminQueries, refetchLists } from '../../api/admin-queries.ts'
import { formatWhen } from './history-dates.ts'
import { PostHistory } from './PostHistory.tsx'
import { RestoreDialog } from './RestoreDialog.tsx'
import './history.css'

/**
 * Below the list: the posts whose file was removed (read from git when first shown), who
 * deleted each and when, each with its History and Restore (its last version, or any version
 * from the History), asked in the admin's own dialog.
 */
export function DeletedPosts() {
  const [open, setOpen] = useState(false)
  const deleted = useQuery({ ...adminQueries.deletedPosts(), enabled: open })
  return (
    <section className="admin-card admin-deleted" aria-labelledby="admin-deleted-title">
      <h2 id="admin-deleted-title" className="admin-deleted__title">
        <button type="button" className="button" aria-expanded={open} aria-controls="admin-deleted-list" onClick={() => setOpen((shown) => !shown)}>
          Deleted posts
        </button>
      </h2>
      <div id="admin-deleted-list" hidden={!open}>
        {open && deleted.isPending && <p className="admin-status">Loading deleted posts...</p>}
        {deleted.isError && <p role="alert">The deleted posts could not be loaded ({deleted.error.message}).</p>}
        {deleted.data?.length === 0 && <p className="admin-hint">No deleted posts.</p>}
        {deleted.data && deleted.data.length > 0 && (
          <ul className="admin-deleted__list">
            {deleted.data.map((post) => (
              <DeletedPostItem key={post.id} post={post} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function DeletedPostItem(props: { post: DeletedPost }) {
  const { post } = props
  const [showHistory, setShowHistory] = useState(false)
  const [asking, setAsking] = useState(false)
  const restore = useMutation({
    mutationFn: () => adminApi.undeletePost(post.id, {}),
    onSuccess: async () => {
      setAsking(false)
      toast({ title: 'Success', description: 'Blog post restored' })
      await refetchLists()
    },
    onError: (error) => {
      setAsking(false)
      toast({ title: 'Error', description: `Failed to restore blog post (${error.message})`, variant: 'destructive' })
    },
  })
  return (
    <li className="admin-deleted__item">
      <div className="admin-deleted__summary">
        <div>
          <h3>{post.title}</h3>
          <p className="admin-hint">
            /blog/{post.slug} · Deleted by {post.deleted.author.name} on <time dateTime={post.deleted.date}>{formatWhen(post.deleted.date)}</time>
          </p>
        </div>
        <div className="admin-deleted__actions">
          <button type="button" className="button" aria-expanded={showHistory} onClick={() => setShowHistory((shown) => !shown)}>
            History <span className="visually-hidden">of {post.title}</span>
          </button>
          <button type="button" className="button button--primary" disabled={restore.isPending} onClick={() => setAsking(true)}>
            Restore <span className="visually-hidden">{post.title}</span>
          </button>
        </div>
      </div>
      {showHistory && <PostHistory post={{ id: post.id, title: post.title, deleted: true }} onRestored={() => setShowHistory(false)} />}
      <RestoreDialog
        open={asking}
        postTitle={post.title}
        version={post.lastVersion}
        deleted
        restoring={restore.isPending}
        onCancel={() => setAsking(false)}
        onRestore={() => restore.mutate()}
      />
    </li>
  )
}
