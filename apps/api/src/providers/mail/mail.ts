/**
 * Mail provider interface (DECISIONS §6). Every message is stored in the `emails` table first
 * (the outbox, readable by Super Admin); the SMTP transport then also delivers it.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  meta?: Record<string, unknown>;
}

export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
