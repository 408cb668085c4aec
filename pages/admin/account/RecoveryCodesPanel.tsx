import { useEffect, useRef } from 'react'
import { toast } from '../../../renderer/components/toast.ts'

/**
 * Recovery codes, shown once: each signs in once in place of a code from the app. Copy or
 * download them before leaving; the server keeps only their hashes.
 */
export function RecoveryCodesPanel(props: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const text = `Watchio recovery codes (each works once)\n\n${props.codes.join('\n')}\n`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Copied', description: 'The recovery codes are on the clipboard.' })
    } catch {
      toast({ title: 'Error', description: 'The browser did not allow copying: select the codes and copy them.', variant: 'destructive' })
    }
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'watchio-recovery-codes.txt'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  return (
    <div className="two-factor-codes">
      <h3 ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>Keep them somewhere safe, apart from your phone. Each one signs you in once if you lose the app. They are not shown again.</p>
      <ul className="two-factor-codes__list" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="admin-form__actions">
        <button type="button" className="button" onClick={copy}>
          Copy
        </button>
        <button type="button" className="button" onClick={download}>
          Download
        </button>
        <button type="button" className="button button--primary" onClick={props.onDone}>
          I have saved them
        </button>
      </div>
    </div>
  )
}
