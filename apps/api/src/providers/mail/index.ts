export type { MailMessage, MailProvider } from './mail.js';
export { outboxMail, storeMessage } from './outbox.js';
export { DELIVERED_MARKER, PURGED_TEXT, purgeDeliveredBodies, withoutLinks } from './retention.js';
export { MAX_ATTEMPTS, type SmtpOptions, smtpMail } from './smtp.js';
