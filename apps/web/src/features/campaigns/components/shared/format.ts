/** The campaign screens' formatters: the shared ones (lib/format, lib/money). */
export { count, fullName, useCalendarDate, useMoney, usePercent } from '../../../../lib/format';
