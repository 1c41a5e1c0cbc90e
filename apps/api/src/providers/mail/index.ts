export type { MailMessage, MailProvider } from './mail.js';
export { outboxMail, storeMessage } from './outbox.js';
export {
  DELIVERED_MARKER,
  forgetStoredEmails,
  PURGED_TEXT,
  purgeDeliveredBodies,
  REMOVED_RECIPIENT,
  withoutLinks,
} from './retention.js';
export { MAX_ATTEMPTS, type SmtpOptions, smtpMail } from './smtp.js';
