/// <reference lib="dom" />
/**
 * The player page's islands: the share card and the theme switch (budget 90 KB gz of initial
 * JS); and, for a visitor who came from an invitation to donate (`?c=<token>`), the note that
 * tells the family this contact opened the page (the server keeps only the first time; a failure
 * is not the visitor's concern). Sent from the browser, not by the server's render: a page may
 * come from a shared cache, and a crawler's preview is not the contact opening it.
 */
import { ShareCard } from '../islands/ShareCard';
import { ThemeSwitch } from '../islands/ThemeSwitch';
import { hydrateIslands } from './hydrate';

hydrateIslands({ theme: ThemeSwitch, share: ShareCard });

/** The tracking token an invitation link carries, as the contacts module issues it. */
const TRACK_TOKEN = /^[A-Za-z0-9_-]{8,32}$/;
const token = new URLSearchParams(window.location.search).get('c');
const slug = /^\/fundraisers\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
if (token && slug && TRACK_TOKEN.test(token)) {
  fetch(`/api/v1/public/fundraisers/${slug}/opened`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ c: token }),
    keepalive: true,
  }).catch(() => undefined);
}
