import consoleBase from '../../locales/es/console.json';
import dashboards from '../../locales/es/dashboards.json';
import donations from '../../locales/es/donations.json';
import { bundle } from './bundle';

/** The console's strings in Spanish: loaded with the console (lib/i18n `loadPart`). */
export default bundle(consoleBase, { dashboards, donations });
