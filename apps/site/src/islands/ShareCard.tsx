/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The page's address to copy or share, and a QR code to scan (posters, phones at the field), as
 * the SPA's ShareCard (issue 14). The address is in the server's HTML (selectable with
 * JavaScript off); Copy, the device's own share sheet (where the browser has one) and the QR
 * code come with the island. The QR encoder loads only here, as its own chunk.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export interface ShareStrings {
  link: string;
  copy: string;
  copied: string;
  copiedLong: string;
  share: string;
  qrAlt: string;
  qrHint: string;
}

export interface ShareCardProps {
  url: string;
  title: string;
  strings: ShareStrings;
}

export const COPIED_MS = 2500;

/** `url` as an SVG QR code (a data: URL), or null while the encoder loads or if it fails. */
function useQrCode(url: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // No QR code is not an error for the visitor: the link above still works.
      });
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}

export function ShareCard({ url, title, strings }: ShareCardProps) {
  const qr = useQrCode(url);
  const [copied, setCopied] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Clipboard refused (permissions, old browser): select the text so Ctrl+C works.
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MS);
  };
  const share = () => navigator.share({ title, url }).catch(() => undefined);

  return (
    <>
      <div class="field">
        <label for="share-url">{strings.link}</label>
        <div class="share-row">
          <input
            id="share-url"
            ref={input}
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="share-url"
          />
          <button type="button" class="button" onClick={copy} data-testid="share-copy">
            {copied ? strings.copied : strings.copy}
          </button>
        </div>
      </div>
      <p role="status" class="share-copied">
        {copied ? strings.copiedLong : ''}
      </p>
      {canShare && (
        <button type="button" class="button primary share-native" onClick={share} data-testid="share-native">
          {strings.share}
        </button>
      )}
      <div class="qr">
        {qr ? (
          <img src={qr} alt={strings.qrAlt} width={168} height={168} data-testid="share-qr" />
        ) : (
          <span class="qr-placeholder" aria-hidden="true" />
        )}
      </div>
      <p class="muted small center">{strings.qrHint}</p>
    </>
  );
}
