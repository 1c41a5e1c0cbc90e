import pub from '../../locales/en/public.json';
import base from '../../locales/en/translation.json';
import { bundle } from './bundle';

/**
 * English, bundled with the app (the default and the fallback): the strings of every page outside
 * the console. locales/en/errors.json is not shipped: in English an error shows the server's own
 * sentence (lib/api/errors.ts), so its code sentences are only the reference the Spanish ones
 * translate (and the locales test keeps both files' keys equal).
 */
export default bundle(base, { pub });
