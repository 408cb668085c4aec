/**
 * An author's part of the editor's action bar, beside Save: an author cannot publish (the
 * server refuses it), so they hand a draft to the editors with "Submit for review", which saves
 * the form and marks the post In review; while it is, they may go on editing it or take it back.
 */
export function ReviewActions(props: { inReview: boolean; disabled: boolean; onSubmit: () => void; onWithdraw: () => void }) {
  const { inReview, disabled, onSubmit, onWithdraw } = props
  return inReview ? (
    <>
      <span className="admin-badge admin-badge--review">In review</span>
      <button type="button" className="button" disabled={disabled} onClick={onWithdraw}>
        Withdraw from review
      </button>
    </>
  ) : (
    <button type="button" className="button" disabled={disabled} onClick={onSubmit}>
      Submit for review
    </button>
  )
}
