/** The editor's close button (SPEC §2): an icon, named for screen readers. */
export function CloseButton(props: { onClose: () => void }) {
  return (
    <button type="button" className="button button--icon" aria-label="Close editor" title="Close" onClick={props.onClose}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}
