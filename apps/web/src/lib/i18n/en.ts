import errors from '../../locales/en/errors.json';
import pub from '../../locales/en/public.json';
import base from '../../locales/en/translation.json';
import { bundle } from './bundle';

/** English, bundled with the app (the default and the fallback): the strings of every page outside the console. */
export default bundle(base, { errors, pub });
