/** The campaign screens' formatters: the shared ones (lib/format) and slugify (lib/slugify). */
export {
  centsToDollars,
  count,
  dollarsToCents,
  fullName,
  progressOf,
  useCalendarDate,
  useMoney,
} from '../../../../lib/format';
export { slugify } from '../../../../lib/slugify';
