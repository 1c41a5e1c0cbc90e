import consoleBase from '../../locales/en/console.json';
import dashboards from '../../locales/en/dashboards.json';
import donations from '../../locales/en/donations.json';
import { bundle } from './bundle';

/** The console's strings in English: loaded with the console (lib/i18n `loadPart`). */
export default bundle(consoleBase, { dashboards, donations });
