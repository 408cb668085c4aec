import { type RefObject, useRef } from 'react'
import { ToastHost } from '../../renderer/ToastHost.tsx'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { CopyButton } from './CopyButton.tsx'
import { NO_LINK_TEMPLATE_ATTRIBUTE } from './referral-link.ts'
import { type LinkState, useReferralLink } from './use-referral-link.ts'

const HELP_TEXT = 'Share this link with your friends to get started. Receive your rewards once they download the app!'

/**
 * The visitor's referral link, its copy button and the toasts: an island (renderer/Island.tsx)
 * that the browser draws afresh, as what it shows depends on the URL's query, which a prerendered
 * page cannot know. The server's markup is the placeholder, with the no-link card kept in a
 * template for the page's script to show before React comes (./+client.ts).
 */
export function ReferralCard() {
  const { urlOriginal } = usePageContext()
  const input = useRef<HTMLInputElement>(null)
  const { state, copied, copy } = useReferralLink(urlOriginal, input)
  return (
    <>
      <section className="referral__card" aria-label="Your referral link" aria-busy={state.status === 'reading'}>
        <LinkCard state={state} copied={copied} onCopy={() => void copy()} input={input} />
      </section>
      <ToastHost />
    </>
  )
}

/** The card's content for each state of the link. */
function LinkCard(props: { state: LinkState; copied: boolean; onCopy: () => void; input: RefObject<HTMLInputElement | null> }) {
  const { state, copied, onCopy, input } = props
  if (state.status === 'reading') {
    return (
      <>
        <div className="referral__placeholder" data-testid="referral-pending">
          <div className="skeleton referral__placeholder-field" />
        </div>
        <noscript>
          <p className="referral__message">Turn on JavaScript to see and copy your referral link.</p>
        </noscript>
        <template {...{ [NO_LINK_TEMPLATE_ATTRIBUTE]: '' }}>
          <NoLink onCopy={onCopy} />
        </template>
      </>
    )
  }
  if (state.status === 'none') return <NoLink onCopy={onCopy} />
  return (
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
        <CopyButton copied={copied} onCopy={onCopy} />
      </div>
      <p className="referral__help">{HELP_TEXT}</p>
    </>
  )
}

/** Without a link: the message, and the copy button, so that a press says why there is nothing to copy (SPEC §5, §8). */
function NoLink(props: { onCopy: () => void }) {
  return (
    <>
      <p className="referral__message">No referral link provided. Please use a valid referral URL.</p>
      <div className="referral__no-link-copy">
        <CopyButton copied={false} onCopy={props.onCopy} />
      </div>
    </>
  )
}
