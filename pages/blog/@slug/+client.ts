// No islands: a post sends only the site's plain script, not /blog's (pages/blog/+client.ts, which
// the pages below /blog would inherit otherwise).
import '../../../renderer/site-script.ts'
