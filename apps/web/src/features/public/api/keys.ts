/** Query keys of the public pages and the payment pages. */
export const publicKeys = {
  all: ['public'] as const,
  campaign: (slug: string) => [...publicKeys.all, 'campaign', slug] as const,
  players: (slug: string, q: string) => [...publicKeys.all, 'campaign', slug, 'players', q] as const,
  fundraiser: (slug: string) => [...publicKeys.all, 'fundraiser', slug] as const,
  /** The signed-in family sees its own players on a fee checkout: the user is part of the key. */
  checkout: (target: string, value: string, userId: number | null) =>
    [...publicKeys.all, 'checkout', target, value, userId ?? 0] as const,
  donation: (donationId: string) => [...publicKeys.all, 'donation', donationId] as const,
  cart: (donationId: string) => [...publicKeys.all, 'cart', donationId] as const,
};
