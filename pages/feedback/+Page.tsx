import { RedirectPage } from '../_redirect/RedirectPage.tsx'
import { MESSAGE_DELAY_MS } from '../_redirect/redirect-seo.ts'

export default function Page() {
  return <RedirectPage target="feedback" message="Redirecting to the feedback board..." delayMs={MESSAGE_DELAY_MS} />
}
