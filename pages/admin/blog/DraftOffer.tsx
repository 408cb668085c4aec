import type { DraftOffer as Offer } from './use-post-draft.ts'

/**
 * Offers back the unsaved changes this browser kept for the post. An alert, so it is
 * announced when the editor opens with it; the form waits (disabled) until the admin chooses.
 */
export function DraftOffer(props: { offer: Offer; onRestore: () => void; onDiscard: () => void }) {
  const { offer, onRestore, onDiscard } = props
  const keptAt = new Date(offer.draft.keptAt)
  return (
    <div className="admin-alert admin-alert--notice" role="alert">
      <p>
        You have unsaved changes from <time dateTime={keptAt.toISOString()}>{keptAt.toLocaleString()}</time>.
      </p>
      {offer.stale && (
        <p className="admin-alert__warning">
          This post has been saved again since then. Restoring puts these changes in the form in place of the newer version, which
          stays in the post&apos;s History.
        </p>
      )}
      <div className="admin-alert__actions">
        {/* The form waits for this choice, so the keyboard starts here. */}
        <button type="button" className="button button--primary" onClick={onRestore} autoFocus>
          Restore
        </button>
        <button type="button" className="button" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  )
}
