import type { CheckoutContext } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** What a checkout pays: a campaign, a player's page, or a campaign's fee request. */
export type CheckoutTarget = { campaign: string } | { fundraiser: string } | { feeRequest: string };

const describe = (target: CheckoutTarget): [string, string] =>
  'campaign' in target
    ? ['campaign', target.campaign]
    : 'fundraiser' in target
      ? ['fundraiser', target.fundraiser]
      : ['feeRequest', target.feeRequest];

/**
 * GET /public/checkout?campaign=|fundraiser=|feeRequest=: what the checkout renders. The client
 * sends the Bearer token when there is one, so a signed-in family gets its players
 * (`familyPlayers`) for a fee payment.
 */
export function getCheckoutContext(target: CheckoutTarget, signal?: AbortSignal): Promise<{ data: CheckoutContext }> {
  const [name, value] = describe(target);
  return api.get<{ data: CheckoutContext }>('/public/checkout', { [name]: value }, signal);
}

export function useCheckoutContext(target: CheckoutTarget, userId: number | null) {
  const [name, value] = describe(target);
  return useQuery({
    queryKey: publicKeys.checkout(name, value, userId),
    queryFn: ({ signal }) => getCheckoutContext(target, signal),
    enabled: value.length > 0,
    retry: retryUnlessClientError,
  });
}
