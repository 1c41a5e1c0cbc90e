/**
 * What other modules call of the affiliates' money side (published in biome.json, decision 015):
 * the registration and checkout starts read the winning click; the approval and the donation state
 * machine's callers credit and follow commissions in their own transactions.
 */
export { visitorIdOf, type WinningClick, winningClick } from './attribution.service.js';
export { syncGiftCommission } from './commissions.service.js';
export { creditTeam } from './teams.service.js';
