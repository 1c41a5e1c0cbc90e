/**
 * The timeline's notes in the UI language. The server records each event's note in English
 * (donation_events.message, from a fixed set of sentences in the donations module); the console
 * shows the known sentences translated, the provider's card messages translated where known
 * (lib/i18n/validation.ts), and what a person typed (a refund or cancel reason) as typed;
 * the processor's status of the payment intent too.
 */
import type { TFunction } from 'i18next';
import { providerMessage } from '../../../../lib/i18n/validation';

type Params = Record<string, string>;
type Note = [pattern: RegExp, key: string, params?: (m: RegExpExecArray, t: TFunction) => Params];

const VIA: Record<string, string> = {
  'provider event': 'providerEvent',
  'refund event': 'refundEvent',
  'retrieved from the processor': 'retrieved',
};

const NOTES: Note[] = [
  [/^Checkout started\.$/, 'checkoutStarted'],
  [/^The payment processor could not be reached\.$/, 'unreachable'],
  [/^Payment intent (\S+) opened\.$/, 'intentOpened', (m) => ({ id: m[1] ?? '' })],
  [/^The donor changed the amount when resuming\.$/, 'amountChanged'],
  [/^The donor came back to finish\.$/, 'resumed'],
  [/^Reminder emailed to finish the donation\.$/, 'reminderSent'],
  [/^The payment succeeded after the attempt was cancelled\.$/, 'succeededAfterCancel'],
  [
    /^Payment succeeded \((provider event|refund event|retrieved from the processor)\)\.$/,
    'succeeded',
    (m, t) => ({ via: t(`donations.timeline.via.${VIA[m[1] ?? ''] ?? 'providerEvent'}`) }),
  ],
  [/^Refunded in full\.$/, 'refundedFull'],
  [/^Partly refunded\.$/, 'refundedPart'],
  [/^The payment is processing\.$/, 'processing'],
  [/^The payment failed\.$/, 'failed'],
  [/^The payment was cancelled at the processor\.$/, 'cancelledAtProcessor'],
  [/^Receipt (\S+) emailed\.$/, 'receiptSent', (m) => ({ number: m[1] ?? '' })],
  [
    /^Offline (cash|check) gift recorded\.$/,
    'offlineRecorded',
    (m, t) => ({ method: t(`donations.dataEntry.${m[1] === 'check' ? 'check' : 'cash'}`) }),
  ],
  [/^Voided by staff: ([\s\S]*)$/, 'voided', (m) => ({ reason: m[1] ?? '' })],
  [/^Cancelled by staff: ([\s\S]*)$/, 'cancelledByStaff', (m) => ({ reason: m[1] ?? '' })],
];

/** An event's note in the UI language (or as written when it is not one of the server's sentences). */
export function eventText(t: TFunction, message: string | null | undefined): string | null {
  if (!message) return null;
  for (const [pattern, key, params] of NOTES) {
    const m = pattern.exec(message);
    if (m) return t(`donations.timeline.notes.${key}`, params?.(m, t) ?? {});
  }
  return providerMessage(t, message);
}

/** Stripe's PaymentIntent statuses; an unknown one is shown as the provider wrote it. */
const INTENT_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

/** The payment intent's status at the processor ("succeeded") in the UI language. */
export function intentStatusText(t: TFunction, status: string | null | undefined): string | null {
  if (!status) return null;
  return INTENT_STATUSES.has(status) ? t(`donations.intentStatus.${status}`) : status;
}
