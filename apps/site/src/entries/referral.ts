/** The referral notice (issue 16), added to any page after its own entry when a referral visit is to be announced. */
import { ReferralNotice } from '../islands/ReferralNotice';
import { hydrateIslands } from './hydrate';

hydrateIslands({ referral: ReferralNotice });
