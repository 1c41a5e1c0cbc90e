/**
 * What other modules call of the affiliates' money side (published in biome.json, decision 015):
 * the registration and checkout starts read the winning click; the approval and the donation state
 * machine's callers credit and follow commissions in their own transactions.
 */
import type { FastifyInstance } from 'fastify';
import { approveDueConversions, qualifyTeamConversions } from './teams.service.js';

export { visitorIdOf, type WinningClick, winningClick } from './attribution.service.js';
export { syncGiftCommission } from './commissions.service.js';
export { payCommissions as payDemoCommissions } from './payouts.service.js';
export { creditTeam, voidTeamConversionsOfCampaign } from './teams.service.js';

/** The two commission jobs in order (the demo seed runs them once). */
export async function runAffiliateJobs(app: FastifyInstance, now: Date) {
  return (await qualifyTeamConversions(app, now)) + (await approveDueConversions(app, now));
}
