/**
 * Mail provider interface (DECISIONS §6). Every message is stored in the `emails` table first
 * (the outbox, readable by Super Admin); the SMTP transport then also delivers it.
 *
 * The table is a transactional outbox: a caller whose message is the effect of a database change
 * (the cart reminder claims its donation) stores it with `enqueue` in the same transaction, so the
 * change and the message commit together or not at all, and calls `deliver` after the commit.
 * With SMTP, a delivery that fails, or that an instance stopped in the middle of (killed, crashed),
 * is tried again by any instance's background job (`deliver()` without ids): at least once, and
 * never by two instances at the same time (each attempt holds a lease on the row).
 */
import type { Tx } from '@fc/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes, when not to the sender (MAIL_FROM): a Contact-Us notification's visitor. */
  replyTo?: string;
  template: string;
  meta?: Record<string, unknown>;
  /**
   * An optional e-mail's one-click unsubscribe address (issue 18, decision 023): kept in the
   * stored row's `meta.listUnsubscribe` until delivery, sent by SMTP as the `List-Unsubscribe` and
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` headers (RFC 2369, RFC 8058).
   */
  listUnsubscribe?: string;
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  /** Stores the message and, with SMTP, delivers it now (a refused delivery is retried later, never thrown). */
  send(message: MailMessage): Promise<void>;
  /** Stores the message inside the caller's transaction; returns its id for `deliver` after the commit. */
  enqueue(tx: Tx, message: MailMessage): Promise<number>;
  /**
   * Delivers stored messages not delivered yet: `ids` (just committed by the caller), or without ids
   * every message due for a retry (the background job). Returns how many were handed over.
   */
  deliver(ids?: readonly number[], now?: Date): Promise<number>;
}
