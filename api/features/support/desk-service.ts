import type { CannedReply, RefusedMail, StaffMember } from '../../../src/domain/support/desk.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { deleteCannedReply, findAttachment, insertCannedReply, insertNote, listCannedReplies, listStaff, listUnattachedRefusedMails, lockTicket, updateCannedReply, type CannedReplyRow, type RefusedMailRow } from './queries.ts';

/** The support desk's staff-side records (product decision 31): notes, canned replies, files, staff. */
function toCanned(row: CannedReplyRow): CannedReply {
  return { id: row.id, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

/** A note for staff only: stored beside the ticket, never mailed, never exported to the sender. */
export async function addNote(ctx: AppContext, staff: AuthSession, ticketId: string, body: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    if (!(await lockTicket(tx, ticketId))) throw new AppError('notFound');
    await insertNote(tx, { ticketId, staffAccountId: staff.accountId, body, createdAt: ctx.clock.now() });
  });
}

export async function findCannedReplies(ctx: AppContext, q: string): Promise<CannedReply[]> {
  return (await listCannedReplies(ctx.database.db, q)).map(toCanned);
}

export async function createCannedReply(ctx: AppContext, input: { title: string; body: string }): Promise<CannedReply> {
  const now = ctx.clock.now();
  return toCanned(await insertCannedReply(ctx.database.db, { ...input, createdAt: now, updatedAt: now }));
}

export async function editCannedReply(ctx: AppContext, id: string, input: { title: string; body: string }): Promise<CannedReply> {
  const row = await updateCannedReply(ctx.database.db, id, { ...input, updatedAt: ctx.clock.now() });
  if (!row) throw new AppError('notFound');
  return toCanned(row);
}

export async function removeCannedReply(ctx: AppContext, id: string): Promise<void> {
  if (!(await deleteCannedReply(ctx.database.db, id))) throw new AppError('notFound');
}


export async function findStaff(ctx: AppContext): Promise<StaffMember[]> {
  return (await listStaff(ctx.database.db)).map((row) => ({ id: row.id, name: `${row.lastName} ${row.firstName}` }));
}

/** A message's file for staff: its bytes and the type read from them when it was stored. */
export async function readAttachment(ctx: AppContext, id: string): Promise<{ name: string; contentType: string; bytes: Uint8Array; ticketId: string }> {
  const row = await findAttachment(ctx.database.db, id);
  if (!row) throw new AppError('notFound');
  return { name: row.fileName, contentType: row.contentType, bytes: await ctx.storage.get(row.storageKey), ticketId: row.ticketId };
}

export function toRefusedMail(mail: RefusedMailRow): RefusedMail {
  return { id: mail.id, fromAddress: mail.fromAddress, subject: mail.subject, body: mail.body, reason: mail.reason, receivedAt: mail.receivedAt.toISOString() };
}

/** The latest refused replies that named no ticket: staff see them beside the inbox. */
export async function findUnattachedRefusedMails(ctx: AppContext): Promise<RefusedMail[]> {
  return (await listUnattachedRefusedMails(ctx.database.db, 50)).map(toRefusedMail);
}
