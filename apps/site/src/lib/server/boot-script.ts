/**
 * The one inline script of every site page, in <head> before anything paints. It reads the
 * console's session (the SPA keeps it in localStorage: `userData`, lib/auth/storage.ts) so that
 * the navbar shows Go To Dashboard instead of Login (CSS keys on `data-session`), and sends a
 * signed-in person who opened the home page (`data-home`) to the SPA's `/home`, which redirects
 * to their role's home. A language chosen with `?lang=` is remembered for the console too.
 * It never changes per page or request, so the CSP allows it by its hash (plugins/security.ts).
 */
import { createHash } from 'node:crypto';

export const BOOT_SCRIPT =
  "(function(){var d=document.documentElement;try{if(localStorage.getItem('userData')){d.setAttribute('data-session','');if(d.hasAttribute('data-home'))location.replace('/home')}var m=/[?&]lang=(en|es)(&|$)/.exec(location.search);if(m)localStorage.setItem('language',m[1])}catch(e){}})()";

/** The CSP source that allows exactly this script (`'sha256-…'`). */
export const BOOT_SCRIPT_CSP = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
