import type { StoredUser } from '@fc/contracts';

/** A signed-in donor as the login stores it, for the auth tests (never imported by the app). */
export const donorUser: StoredUser = {
  id: 1,
  firstName: 'Ana',
  lastName: 'Diaz',
  email: 'ana@example.org',
  role: 'donor',
  organizationId: null,
  avatar: null,
  language: 'en',
  staffRole: null,
  organizations: [],
  fundraiser_profile: [],
  donor_profile: [{ id: 3 }],
  affiliate_profile: [],
  abilities: [],
};
