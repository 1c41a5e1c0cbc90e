/** The page's link to copy, with a QR code that loads only when the card is shown. */
import { useEffect, useRef, useState } from 'react';
import { makeT, type Messages } from '../lib/t';

export interface ShareProps { url: string; title: string; m: Messages; lng: string }
export function Share({ url, title, m, lng }: ShareProps) {
  const t = makeT(m, lng);
  const [copied, setCopied] = useState(false);
  const [svg, setSvg] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    import('../lib/qr').then((q) => q.toSvg(url)).then((s) => { if (live) setSvg(s); }).catch(() => {});
    return () => { live = false; };
  }, [url]);
  const copy = async () => {
    try { await navigator.clipboard.writeText(url); } catch { input.current?.select(); document.execCommand?.('copy'); }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <section className="card" aria-labelledby="share-title">
      <h2 id="share-title">{t('public.share.title')}</h2>
      <div className="row">
        <label htmlFor="share-url" className="sr">{t('public.share.link')}</label>
        <input id="share-url" ref={input} value={url} readOnly onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button type="button" className="btn" onClick={copy}>{copied ? t('public.share.copied') : t('public.share.copy')}</button>
      </div>
      <p role="status" className="ok">{copied ? t('public.share.copiedLong') : ''}</p>
      <div className="qr">{svg ? <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t('public.share.qrAlt', { title })} width={168} height={168} /> : null}</div>
      <p className="muted small">{t('public.share.qrHint')}</p>
    </section>
  );
}
