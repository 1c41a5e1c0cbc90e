/**
 * Profiles a user holds (spec §1, §4): staff role, each organization membership (one
 * "organization" type), fundraiser, donor and affiliate profiles. Switch Profile is offered only
 * when the user holds more than one.
 */
import type { ProfileType, StoredUser } from '@fc/contracts';

export function profileCount(user: StoredUser): number {
  return (
    (user.staffRole ? 1 : 0) +
    user.organizations.length +
    user.fundraiser_profile.length +
    user.donor_profile.length +
    user.affiliate_profile.length
  );
}

/** Profile types the user may switch to, in the order the dialog shows them. */
export function availableProfileTypes(user: StoredUser): ProfileType[] {
  const types: ProfileType[] = [];
  if (user.staffRole) types.push('staff');
  if (user.organizations.length > 0) types.push('organization');
  if (user.fundraiser_profile.length > 0) types.push('fundraiser');
  if (user.affiliate_profile.length > 0) types.push('affiliate');
  if (user.donor_profile.length > 0) types.push('donor');
  return types;
}
