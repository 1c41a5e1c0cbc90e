/**
 * What the sponsorships module (issue 17, decision 019) uses of the payment engine (published in
 * biome.json, decision 015): a unit's payment is a donation of kind `sponsor`, started by the same
 * two halves as a gift's checkout, refunded in full by the platform when it was paid after its unit
 * was gone, and described to its payer by the same facts as any donation.
 */

export { donorIdFor } from './checkout.repository.js';
export { insertPendingPayment, newPublicId, openIntent, providerDown } from './checkout.service.js';
export { html as emailHtml, type Lang, langOf, oneLine, usd } from './emails.js';
export { type DonationFacts, donationFacts, enqueueReceipt } from './receipts.js';
export { refundInFull } from './refund.service.js';
