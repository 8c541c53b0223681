/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { findMail, listRecentMails, type MailRow } from './queries.ts';
