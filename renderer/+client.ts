// https://vike.dev/client — the script of every public page: the site's few lines of plain script
// (a page with islands loads them with its own, renderer/islands-client.tsx).
import './site-script.ts'
