/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The thank-you page's share card (issue 14 port): the campaign or player page's address to copy,
 * and links to share it by Facebook, X, WhatsApp or email. The links and the address are in the
 * server's HTML (they work without JavaScript); the island adds the copy button's behaviour.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export interface ThankYouShareStrings {
  title: string;
  link: string;
  copy: string;
  copied: string;
  copiedLong: string;
  shareOn: string;
  email: string;
  /** The email's text, with the address in it. */
  emailBody: string;
}

export interface ThankYouShareProps {
  /** The absolute address of the campaign or player page. */
  url: string;
  /** The campaign's title or the player's name. */
  name: string;
  strings: ThankYouShareStrings;
}

/** Where each network takes a shared address (no scripts of theirs on the page). */
export function shareLinks(url: string, name: string, s: ThankYouShareStrings) {
  const u = encodeURIComponent(url);
  return [
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'x', label: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(name)}` },
    { key: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}` },
    {
      key: 'email',
      label: s.email,
      href: `mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(s.emailBody)}`,
    },
  ];
}

const COPIED_MS = 2500;

export function ThankYouShare({ url, name, strings: s }: ThankYouShareProps) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Clipboard refused (permissions, an older browser): select the text so Ctrl+C works.
      input.current?.select();
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <section class="thanks-share-card" aria-labelledby="share-title">
      <h2 id="share-title">{s.title}</h2>
      <div class="share-row">
        <label class="field share-field">
          <span>{s.link}</span>
          <input
            ref={input}
            type="text"
            value={url}
            readOnly
            data-testid="share-url"
            onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
          />
        </label>
        <button type="button" class="button" onClick={copy} data-testid="share-copy">
          {copied ? s.copied : s.copy}
        </button>
      </div>
      <p class="share-copied" role="status" aria-live="polite">
        {copied ? s.copiedLong : ''}
      </p>
      <nav aria-label={s.shareOn} class="share-links">
        {shareLinks(url, name, s).map((l) => (
          <a
            key={l.key}
            class="button"
            href={l.href}
            target={l.key === 'email' ? undefined : '_blank'}
            rel={l.key === 'email' ? undefined : 'noopener noreferrer'}
            data-testid={`share-${l.key}`}
          >
            {l.label}
          </a>
        ))}
      </nav>
    </section>
  );
}
