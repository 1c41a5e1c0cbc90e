/**
 * Ends a sentence with a period unless it already ends with one (or with ! ? …): a sentence that
 * ends with a name does not get a second one when the name ends in an initial ("supporting
 * Ella B." and not "supporting Ella B.."; issue 12).
 */
export const sentence = (s: string) => (/[.!?…]$/.test(s.trimEnd()) ? s.trimEnd() : `${s.trimEnd()}.`);

/** Text typed by a person, fit for one line (an e-mail header or a sentence): no line breaks or tabs. */
export const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
