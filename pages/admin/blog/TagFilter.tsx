import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { MAX_TAG_LENGTH } from '../../../core/tags.ts'
import './tag-field.css'
import { adminApi } from '../api/api-client.ts'
import { adminQueries, refetchLists } from '../api/admin-queries.ts'
import type { ListView } from './use-post-list.ts'

/**
 * The list's tag filter (the tags in use, drafts' included, with their counts), and for editors
 * and admins a rename of the chosen tag across every post that has it: one commit on the server.
 */
export function TagFilter(props: { view: ListView; onViewChange: (view: ListView) => void }) {
  const { view, onViewChange } = props
  const ids = useId()
  const tags = useQuery(adminQueries.tags()).data ?? []
  const me = useQuery(adminQueries.me()).data
  const [renaming, setRenaming] = useState(false)
  const chosen = tags.find((tag) => tag.slug === view.tag)
  if (tags.length === 0 && !view.tag) return null
  return (
    <div className="admin-field admin-tag-filter">
      <label htmlFor={`${ids}-tag`}>Tag</label>
      <select id={`${ids}-tag`} value={view.tag ?? ''} onChange={(event) => onViewChange({ ...view, tag: event.target.value || undefined, page: 1 })}>
        <option value="">All tags</option>
        {view.tag && !chosen && <option value={view.tag}>{view.tag}</option>}
        {tags.map((tag) => (
          <option key={tag.slug} value={tag.slug}>
            {`${tag.name} (${tag.count})`}
          </option>
        ))}
      </select>
      {chosen && me && me.role !== 'author' && !renaming && (
        <button type="button" className="button admin-tag-filter__rename" onClick={() => setRenaming(true)}>
          Rename tag…
        </button>
      )}
      {chosen && renaming && (
        <RenameTagForm
          from={chosen.name}
          onDone={(slug) => {
            setRenaming(false)
            if (slug) onViewChange({ ...view, tag: slug, page: 1 })
          }}
        />
      )}
    </div>
  )
}

/** The new name for a tag, across every post: renaming into a tag in use merges the two. */
function RenameTagForm({ from, onDone }: { from: string; onDone: (slug: string | null) => void }) {
  const ids = useId()
  const [to, setTo] = useState(from)
  const rename = useMutation({
    mutationFn: () => adminApi.renameTag({ from, to }),
    onSuccess: async (result) => {
      await refetchLists()
      toast({ title: 'Success', description: `"${from}" is now "${result.tag.name}" in ${result.posts} ${result.posts === 1 ? 'post' : 'posts'}` })
      onDone(result.tag.slug)
    },
    onError: (error) => toast({ title: 'Error', description: `The tag was not renamed (${error.message})`, variant: 'destructive' }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (to.trim() !== '') rename.mutate()
  }
  return (
    <form className="admin-tag-filter__form" aria-label={`Rename the tag ${from}`} onSubmit={submit}>
      <label htmlFor={`${ids}-to`}>New name for “{from}”</label>
      <input id={`${ids}-to`} value={to} maxLength={MAX_TAG_LENGTH} autoComplete="off" aria-describedby={`${ids}-note`} onChange={(event) => setTo(event.target.value)} />
      <p className="admin-hint" id={`${ids}-note`}>
        Every post with this tag, drafts included, gets the new name in one commit. A name already in use merges the two tags.
      </p>
      <div className="admin-tag-filter__actions">
        <button type="submit" className="button button--primary" disabled={rename.isPending || to.trim() === ''}>
          Rename
        </button>
        <button type="button" className="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
