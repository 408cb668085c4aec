import { Tooltip } from '../../renderer/components/Tooltip.tsx'

/**
 * The referral page's copy button (SPEC §2): the same button whether or not there is a link,
 * so that without one a press can say why nothing was copied (SPEC §5, §8).
 */
export function CopyButton(props: { copied: boolean; onCopy: () => void }) {
  const { copied, onCopy } = props
  return (
    <Tooltip content={copied ? 'Copied!' : 'Copy link'}>
      <button
        type="button"
        className="button button--primary referral__copy"
        aria-label="Copy referral link"
        data-copied={copied ? 'true' : 'false'}
        onClick={onCopy}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </Tooltip>
  )
}

function CopyIcon() {
  return (
    <svg className="referral__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <rect x="9" y="9" width="11" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

function CheckIcon() {
  return (
    <svg
      className="referral__icon referral__check"
      data-testid="copied-check"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
