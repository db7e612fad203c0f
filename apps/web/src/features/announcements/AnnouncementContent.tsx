import { useCallback, useRef, useState, type ReactNode } from 'react';

const FRAME_CSS =
  'body{margin:0;font:14px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:rgba(0,0,0,.88);overflow-wrap:anywhere}img{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #ddd;padding:4px}';

/**
 * Announcement HTML rendered safely: the content was sanitised by the server, and is shown in a
 * sandboxed frame without scripts (`sandbox` lacks allow-scripts), so even markup the sanitiser
 * missed cannot run code or reach the console. Links open in a new tab; the frame takes the
 * content's height.
 */
export function AnnouncementContent({ html }: { html: string }): ReactNode {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(80);
  const fit = useCallback(() => {
    const body = frame.current?.contentDocument?.body;
    if (body) setHeight(Math.min(Math.max(body.scrollHeight + 8, 40), 2000));
  }, []);
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>${FRAME_CSS}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      ref={frame}
      title="announcement"
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={doc}
      onLoad={fit}
      style={{ width: '100%', height, border: 0, display: 'block' }}
      data-testid="announcement-content"
    />
  );
}
