// No islands: a tag page sends only the site's plain script, not /blog's (pages/blog/+client.ts, which
// the pages below /blog would inherit otherwise). Its pages are links.
import '../../../../renderer/site-script.ts'
