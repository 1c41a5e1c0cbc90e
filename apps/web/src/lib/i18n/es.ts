import errors from '../../locales/es/errors.json';
import pub from '../../locales/es/public.json';
import base from '../../locales/es/translation.json';
import { bundle } from './bundle';

/** Spanish, its own chunk: the strings of every page outside the console. */
export default bundle(base, { errors, pub });
