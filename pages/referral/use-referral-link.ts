import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../renderer/components/toast.ts'
import { COPIED_MS, referralLinkFrom } from './referral-link.ts'

/** `reading` in the server's markup: prerendered HTML cannot know the query; the browser reads it at once. */
export type LinkState = { status: 'reading' } | { status: 'none' } | { status: 'link'; link: string }

function linkStateOf(urlOriginal: string): LinkState {
  // The island is drawn afresh in the browser (never hydrated), so its first state may differ from the server's.
  if (typeof document === 'undefined') return { status: 'reading' }
  const link = referralLinkFrom(urlOriginal)
  return link ? { status: 'link', link } : { status: 'none' }
}

/**
 * The referral link of the page's URL, copied once on arrival and again on each `copy()`;
 * `copied` is true for COPIED_MS after a copy. When copying fails, the link in `input` is
 * selected so that copying it by hand is one shortcut away.
 */
export function useReferralLink(urlOriginal: string, input: RefObject<HTMLInputElement | null>) {
  const [state] = useState<LinkState>(() => linkStateOf(urlOriginal))
  const [copied, setCopied] = useState(false)
  const copiedTimer = useRef<number | undefined>(undefined)
  const autoCopiedLink = useRef<string | null>(null)

  const markCopied = useCallback(() => {
    setCopied(true)
    window.clearTimeout(copiedTimer.current)
    copiedTimer.current = window.setTimeout(() => setCopied(false), COPIED_MS)
  }, [])
  useEffect(() => () => window.clearTimeout(copiedTimer.current), [])

  // One automatic copy per link, on arrival; a failure (no permission, page not focused) stays silent.
  useEffect(() => {
    if (state.status !== 'link' || autoCopiedLink.current === state.link) return
    autoCopiedLink.current = state.link
    writeToClipboard(state.link).then(
      () => {
        markCopied()
        toast({ title: 'Link copied!', description: 'Your referral link has been automatically copied to clipboard' })
      },
      () => {},
    )
  }, [state, markCopied])

  const copy = async () => {
    if (state.status !== 'link') {
      toast({ title: 'No link to copy', description: 'Please provide a referral link in the URL', variant: 'destructive' })
      return
    }
    try {
      await writeToClipboard(state.link)
      markCopied()
      toast({ title: 'Link copied!', description: 'Your referral link has been copied to clipboard' })
    } catch {
      window.clearTimeout(copiedTimer.current)
      setCopied(false)
      input.current?.select()
      toast({ title: 'Failed to copy', description: 'Please copy the link manually', variant: 'destructive' })
    }
  }

  return { state, copied, copy }
}

async function writeToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The Clipboard API is not available')
  await navigator.clipboard.writeText(text)
}
