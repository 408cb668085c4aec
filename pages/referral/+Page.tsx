import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../renderer/components/toast.ts'
import { ToastHost } from '../../renderer/ToastHost.tsx'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { CopyButton } from './CopyButton.tsx'
import { COPIED_MS, referralLinkFrom } from './referral-link.ts'
import './referral.css'

/** `reading` until the browser has read the URL: prerendered HTML cannot know the query. */
type LinkState = { status: 'reading' } | { status: 'none' } | { status: 'link'; link: string }

const HELP_TEXT = 'Share this link with your friends to get started. Receive your rewards once they download the app!'

export default function Page() {
  const { urlOriginal } = usePageContext()
  const [state, setState] = useState<LinkState>({ status: 'reading' })
  const [copied, setCopied] = useState(false)
  const copiedTimer = useRef<number | undefined>(undefined)
  const autoCopiedLink = useRef<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const link = referralLinkFrom(urlOriginal)
    setState(link ? { status: 'link', link } : { status: 'none' })
  }, [urlOriginal])

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
      // Select the link so copying it by hand is one shortcut away.
      input.current?.select()
      toast({ title: 'Failed to copy', description: 'Please copy the link manually', variant: 'destructive' })
    }
  }

  return (
    <div className="container referral">
      <header className="page-header">
        <h1>Refer a Friend &amp; Get Rewards</h1>
        <p>Invite your friends to Watchio, the IPTV player for iPhone, iPad, Apple TV and Mac.</p>
      </header>

      <section className="referral__card" aria-label="Your referral link" aria-busy={state.status === 'reading'}>
        {state.status === 'reading' && (
          <>
            <div className="referral__placeholder" data-testid="referral-pending">
              <div className="skeleton referral__placeholder-field" />
            </div>
            <noscript>
              <p className="referral__message">Turn on JavaScript to see and copy your referral link.</p>
            </noscript>
          </>
        )}

        {/* The copy button stays, so that a press says why there is nothing to copy (SPEC §5, §8). */}
        {state.status === 'none' && (
          <>
            <p className="referral__message">No referral link provided. Please use a valid referral URL.</p>
            <div className="referral__no-link-copy">
              <CopyButton copied={false} onCopy={() => void copy()} />
            </div>
          </>
        )}

        {state.status === 'link' && (
          <>
            <label className="referral__label" htmlFor="referral-link">
              Your referral link
            </label>
            <div className="referral__field">
              <input
                ref={input}
                id="referral-link"
                className="referral__input"
                type="text"
                readOnly
                value={state.link}
                spellCheck={false}
                autoComplete="off"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton copied={copied} onCopy={() => void copy()} />
            </div>
            <p className="referral__help">{HELP_TEXT}</p>
          </>
        )}
      </section>

      <ol className="referral__steps" aria-label="How it works">
        <li>
          <span className="referral__step-number" aria-hidden="true">
            1
          </span>
          <h2>Share your link</h2>
          <p>Send it to friends by message, e-mail or wherever you talk.</p>
        </li>
        <li>
          <span className="referral__step-number" aria-hidden="true">
            2
          </span>
          <h2>They get Watchio</h2>
          <p>Your friends download the app and bring their own IPTV and cloud accounts.</p>
        </li>
        <li>
          <span className="referral__step-number" aria-hidden="true">
            3
          </span>
          <h2>You get rewarded</h2>
          <p>Your rewards arrive once they have downloaded the app.</p>
        </li>
      </ol>
      <ToastHost />
    </div>
  )
}

async function writeToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The Clipboard API is not available')
  await navigator.clipboard.writeText(text)
}
