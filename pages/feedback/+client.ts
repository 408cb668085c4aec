// No islands: the page sends only the site's few lines of plain script (renderer/site-script.ts).
import '../../renderer/site-script.ts'
