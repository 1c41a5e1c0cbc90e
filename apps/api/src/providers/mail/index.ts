export type { MailMessage, MailProvider } from './mail.js';
export { outboxMail, storeMessage } from './outbox.js';
export { MAX_ATTEMPTS, type SmtpOptions, smtpMail } from './smtp.js';
