/**
 * HTML escaping for the emails' HTML parts (and any HTML the server writes): everything that comes
 * from people (names, titles, messages, links) goes through `escapeHtml`.
 */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paragraphs (blank-line separated) with line breaks, escaped. */
export const htmlParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** A link whose address and label are escaped. */
export const htmlLink = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
