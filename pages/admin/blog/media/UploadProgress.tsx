import { useId } from 'react'

/**
 * The upload's progress bar: a native <progress> (its role is progressbar, 0–100), indeterminate
 * until the browser reports the first bytes sent; aria-valuenow said outright for assistive
 * technology that reads the attribute rather than the element's value.
 */
export function UploadProgress({ name, percent }: { name: string; percent: number | null }) {
  const labelId = useId()
  return (
    <div className="media-progress">
      <span id={labelId} className="media-progress__label">
        Uploading {name}…{percent === null ? '' : ` ${percent}%`}
      </span>
      <progress
        aria-labelledby={labelId}
        max={100}
        value={percent ?? undefined}
        aria-valuenow={percent ?? undefined}
      />
    </div>
  )
}
