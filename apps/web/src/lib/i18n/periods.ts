import type { PostProcessorModule } from 'i18next';

/**
 * A sentence whose last word is a name ending in a period ("Ella B.", "Acme Inc.") must not end
 * in two ("contact Acme Inc.."; issue 12). Two periods in a row, neither part of an ellipsis,
 * only ever come from such an interpolation, so they become one.
 */
export const collapseDoublePeriods = (s: string) => s.replace(/(?<!\.)\.\.(?!\.)/g, '.');

/** Applied to every translated string (i18n/index.ts `postProcess`). */
export const singlePeriods: PostProcessorModule = {
  type: 'postProcessor',
  name: 'singlePeriods',
  process: (value: string) => collapseDoublePeriods(value),
};
