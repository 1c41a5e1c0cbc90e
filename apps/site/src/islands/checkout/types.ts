/**
 * The contracts' shapes the checkout island reads and sends (packages/contracts/src/donations.ts),
 * written out here because islands take nothing from the contracts' index (it brings zod; decision
 * 017). The server passes the contracts' own values: TypeScript checks they fit these.
 */
import type { FeeRule, PaymentProviderKind } from '@fc/contracts/donation-rules';

export type { FeeRule, PaymentProviderKind };

export interface FieldError {
  path: string;
  message: string;
}

/** `GET /public/checkout`. */
export interface CheckoutContext {
  kind: 'campaign' | 'fundraiser' | 'fee';
  campaign: { slug: string; title: string; status: string };
  fundraiser: { slug: string; name: string; avatarUrl: string | null } | null;
  organization: { name: string; logoUrl: string | null };
  feeRequest: { id: number; label: string; amountCents: number; dueDate: string | null } | null;
  familyPlayers: { slug: string; name: string }[];
  acceptingDonations: boolean;
  provider: PaymentProviderKind;
  publishableKey: string | null;
  fee: FeeRule;
  presetsCents: number[];
  minCents: number;
  maxCents: number;
}

/** `POST /public/donations`. */
export interface CreateDonationBody {
  campaign?: string;
  fundraiser?: string;
  feeRequestId?: number;
  forPlayer?: string;
  amountCents: number;
  coverFee: boolean;
  firstName: string;
  lastName: string;
  email: string;
  anonymous?: boolean;
  message?: string;
  language?: 'en' | 'es';
  contact?: string;
}

/** What the browser needs to collect the card (new checkout or resumed cart). */
export interface DonationCheckout {
  donationId: string;
  status: number;
  amountCents: number;
  coverFeeCents: number;
  totalCents: number;
  provider: PaymentProviderKind;
  clientSecret: string;
  publishableKey: string | null;
}

/** `POST /public/donations/{id}/confirm` (sandbox). */
export interface SandboxConfirmBody {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ConfirmResult {
  result: 'succeeded' | 'processing' | 'requires_payment_method' | 'error';
  message: string | null;
  donationId: string;
  status: number;
}
