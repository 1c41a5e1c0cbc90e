/** Query keys of the public pages, invitations and registration. */
export const publicKeys = {
  all: ['public'] as const,
  campaign: (slug: string) => [...publicKeys.all, 'campaign', slug] as const,
  players: (slug: string, q: string) => [...publicKeys.all, 'campaign', slug, 'players', q] as const,
  fundraiser: (slug: string) => [...publicKeys.all, 'fundraiser', slug] as const,
  invite: (cfid: number, token: string) => [...publicKeys.all, 'invite', cfid, token] as const,
  registration: (organization: string, userId: number | null) =>
    [...publicKeys.all, 'registration', organization, userId ?? 0] as const,
};
