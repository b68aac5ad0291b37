/**
 * An e-mail's HTML shown inside the page. The frame is sandboxed: no script runs, no form posts
 * and no link inside it can navigate (an unsubscribe link in a preview stays a link to look at).
 * It keeps the page's origin only so accessibility checkers can read it; without scripts that
 * grants the content nothing.
 */
export function MessageFrame({ title, html }: { title: string; html: string }) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;margin:12px}img{max-width:100%}</style></head><body>${html}</body></html>`;
  return (
    <iframe title={title} sandbox="allow-same-origin" srcDoc={doc} className="h-80 w-full rounded-md border border-slate-200 bg-white" />
  );
}
