import { RedirectPage } from '../_redirect/RedirectPage.tsx'
import { MESSAGE_DELAY_MS } from '../_redirect/redirect-seo.ts'

export default function Page() {
  return <RedirectPage target="help" message="Redirecting to the help center..." delayMs={MESSAGE_DELAY_MS} />
}
