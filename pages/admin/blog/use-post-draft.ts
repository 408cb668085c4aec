import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { AdminPost, PostFields } from '../../../core/contract/index.ts'
import { deleteDraft, type PostDraft, readDraft, writeDraft } from './draft-store.ts'
import { formFromPost, isDirty } from './post-form.ts'

/** While the admin types, the form is kept at most this often (and at once when the page goes away). */
export const KEEP_INTERVAL_MS = 1000

/** A kept draft offered back on opening the editor. */
export interface DraftOffer {
  draft: PostDraft
  /** The post was saved again (by anyone) after the draft started from it. */
  stale: boolean
  /** The post as saved now (null for a new post): Restore and Discard both start from it. */
  current: AdminPost | null
}

/**
 * `checking`: reading what this browser kept; `offering`: waiting for Restore or Discard (the
 * kept copy is not touched meanwhile); `keeping`: the form is kept as the admin types; `done`:
 * saved, nothing more to keep.
 */
type Phase = 'checking' | 'offering' | 'keeping' | 'done'

interface FormState {
  fields: PostFields
  baseVersion: string | null
  slugTouched: boolean
  /** Whether the form differs from the saved post: only then is there anything to keep. */
  dirty: boolean
}

/**
 * Keeps the editor's unsaved form in this browser (draft-store.ts), per admin and post, so that
 * Cancel and close can return at once (SPEC §4) without losing anything, and offers it back the
 * next time that post (or New Post) is opened.
 */
export function usePostDraft(options: { username: string; post: AdminPost | null } & FormState) {
  const { username, post, fields, baseVersion, slugTouched, dirty } = options
  const postId = post?.id ?? null
  const [phase, setPhaseState] = useState<Phase>('checking')
  const [offer, setOffer] = useState<DraftOffer | null>(null)
  // Timers and page events read these, not a render's closure.
  const phaseRef = useRef<Phase>('checking')
  const latest = useRef<FormState>({ fields, baseVersion, slugTouched, dirty })
  const timer = useRef<number | undefined>(undefined)
  /** Counts form changes, so that a write that finishes knows whether it kept the latest one. */
  const changes = useRef(0)
  /** The form has changes not yet in IndexedDB: the only moment closing the tab needs to ask. */
  const unkept = useRef(false)
  /** Something may be stored for this post: a form back to its saved state removes it. */
  const mayBeStored = useRef(false)

  const setPhase = useCallback((next: Phase) => {
    phaseRef.current = next
    setPhaseState(next)
  }, [])

  useLayoutEffect(() => {
    latest.current = { fields, baseVersion, slugTouched, dirty }
  })

  const keepNow = useCallback(() => {
    window.clearTimeout(timer.current)
    timer.current = undefined
    const form = latest.current
    if (phaseRef.current !== 'keeping' || !form.dirty) return
    const change = changes.current
    mayBeStored.current = true
    const draft: PostDraft = { username, postId, fields: form.fields, baseVersion: form.baseVersion, slugTouched: form.slugTouched, keptAt: Date.now() }
    writeDraft(draft).then(
      () => {
        if (changes.current === change) unkept.current = false
      },
      // Not kept (storage off or full): `unkept` stays true, so closing the tab still asks.
      () => {},
    )
  }, [username, postId])

  // On opening: is there a kept draft worth offering?
  useEffect(() => {
    let cancelled = false
    void (async () => {
      const kept = await readDraft(username, postId).catch(() => undefined)
      const found = kept ? offerFor(kept, post) : null
      if (cancelled) return
      if (found) {
        mayBeStored.current = true
        setOffer(found)
        setPhase('offering')
        return
      }
      // A kept copy identical to the saved post holds nothing unsaved any more.
      if (kept) void deleteDraft(username, postId).catch(() => {})
      setPhase('keeping')
    })()
    return () => {
      cancelled = true
    }
    // `post` is the one this editor was opened for; its id is what identifies it.
  }, [username, postId, setPhase])

  // Every change: keep it within KEEP_INTERVAL_MS, or remove the copy once the form is back to the saved post.
  useEffect(() => {
    changes.current++
    unkept.current = dirty && phase !== 'done'
    if (phase !== 'keeping') return
    if (dirty) {
      timer.current ??= window.setTimeout(keepNow, KEEP_INTERVAL_MS)
      return
    }
    window.clearTimeout(timer.current)
    timer.current = undefined
    if (mayBeStored.current) {
      mayBeStored.current = false
      void deleteDraft(username, postId).catch(() => {})
    }
  }, [fields, baseVersion, slugTouched, dirty, phase, keepNow, username, postId])

  // The page going away (tab hidden or closed, reload) or the editor closing: keep what is pending now.
  useEffect(() => {
    const flush = () => {
      if (timer.current !== undefined) keepNow()
    }
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('visibilitychange', onVisibilityChange)
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', flush)
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange)
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', flush)
      flush()
    }
  }, [keepNow])

  /** Restore: the caller puts the offered fields in the form; from now on they are kept as edited. */
  const restore = (): DraftOffer | null => {
    const chosen = offer
    setOffer(null)
    setPhase('keeping')
    return chosen
  }

  /** Discard: the kept copy is removed. */
  const discard = (): DraftOffer | null => {
    const chosen = offer
    setOffer(null)
    mayBeStored.current = false
    void deleteDraft(username, postId).catch(() => {})
    setPhase('keeping')
    return chosen
  }

  /** After a successful save: the copy is removed and nothing more is kept. */
  const forget = () => {
    setPhase('done')
    window.clearTimeout(timer.current)
    timer.current = undefined
    unkept.current = false
    void deleteDraft(username, postId).catch(() => {})
  }

  const hasUnkeptChanges = useCallback(() => unkept.current, [])

  return { offer, checking: phase === 'checking', restore, discard, forget, hasUnkeptChanges, keepNow }
}

/** The offer for a kept draft, or null when it holds nothing the saved post does not. */
function offerFor(draft: PostDraft, post: AdminPost | null): DraftOffer | null {
  if (!post) return { draft, stale: false, current: null }
  // `post` was read from the server as the editor opened (EditPost.tsx): it is what is saved now.
  if (!isDirty(draft.fields, formFromPost(post))) return null
  return { draft, stale: draft.baseVersion !== post.version, current: post }
}
