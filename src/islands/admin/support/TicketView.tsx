import { useEffect, useRef, useState } from 'react';
import { TICKET_STATUSES, type TicketDetail, type TicketReplyValues, type TicketStatus } from '../../../domain/support-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { inputClass } from '../../../components/ui/Field.tsx';
import { formatDateTime, mailLabel, statusLabel } from './format.ts';
import { ReplyForm } from './ReplyForm.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { StaffMember } from '../../../domain/support/desk.ts';
import { AssigneeControl, MessageAttachments, NotesPanel, RefusedMails } from './TicketDesk.tsx';
import { WaitingClock } from './WaitingClock.tsx';

interface Props {
  ticket: TicketDetail;
  onStatus(status: TicketStatus): Promise<void>;
  onReply(reply: TicketReplyValues): Promise<void>;
  onAssign(assigneeId: string | null): Promise<void>;
  onNote(body: string): Promise<void>;
  staff: StaffMember[];
  onBack(): void;
}

/** One ticket: who sent it, the conversation, the status and the reply form. */
export function TicketView({ ticket, onStatus, onReply, onAssign, onNote, staff, onBack }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The status picked in the menu, until it is saved.
  const [choice, setChoice] = useState<TicketStatus | null>(null);
  const status = choice ?? ticket.status;
  const [saving, setSaving] = useState(false);
  // Opening another ticket moves focus to it (keyboard and screen-reader users land on it).
  useEffect(() => heading.current?.focus(), [ticket.id]);

  const saveStatus = async () => {
    setSaving(true);
    try {
      await onStatus(status);
      setChoice(null);
    } finally {
      setSaving(false);
    }
  };

  const facts: [string, string][] = [
    [t('inbox.sender'), `${ticket.lastName} ${ticket.firstName}（${ticket.accountId ? t('inbox.member') : t('inbox.visitor')}）`],
    [t('field.email'), ticket.email],
    [t('support.category'), ticket.category],
    [t('inbox.received'), formatDateTime(ticket.createdAt)],
    [t('inbox.updated'), formatDateTime(ticket.updatedAt)],
  ];

  return (
    <article className="space-y-6" aria-labelledby="inbox-ticket-title">
      <button type="button" onClick={onBack} className="text-sm font-bold text-brand-700 underline lg:hidden">
        {t('inbox.back')}
      </button>
      <header className="space-y-2">
        <p className="flex items-center gap-2 text-sm text-muted">
          <span className="font-mono">{ticket.number}</span>
          <StatusBadge status={ticket.status} />
        </p>
        {ticket.clock && ticket.waitingSince && <WaitingClock waitingSince={ticket.waitingSince} clock={ticket.clock} />}
        <h2 id="inbox-ticket-title" ref={heading} tabIndex={-1} className="text-xl break-words text-ink focus:outline-none">
          {ticket.title}
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-bold text-muted">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </header>

      <AssigneeControl key={`${ticket.id}:${ticket.assignee?.id ?? ''}`} ticket={ticket} staff={staff} onAssign={onAssign} />

      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor="inbox-status" className="text-sm font-bold">
            {t('inbox.status')}
          </label>
          <select id="inbox-status" value={status} onChange={(event) => setChoice(event.target.value as TicketStatus)} className={`${inputClass} w-44`}>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(statusLabel[value])}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={saveStatus}
          disabled={saving || status === ticket.status}
          className="rounded-lg px-4 py-2.5 text-sm font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 disabled:text-slate-500 disabled:ring-slate-300"
        >
          {t('inbox.statusSave')}
        </button>
      </div>

      <section aria-labelledby="inbox-conversation" className="space-y-3">
        <h3 id="inbox-conversation" className="text-base text-brand-800">
          {t('inbox.conversation')}
        </h3>
        <ol className="space-y-3">
          {ticket.messages.map((message) => (
            <li key={message.id} className={`rounded-xl p-4 text-sm ring-1 ${message.author === 'staff' ? 'ml-6 bg-brand-50 ring-brand-100' : 'mr-6 bg-white ring-slate-200'}`}>
              <p className="flex flex-wrap justify-between gap-2 text-xs text-muted">
                <span className="font-bold">
                  {message.author === 'staff' ? `${t('inbox.fromStaff')}${message.staffName ? `（${message.staffName}）` : ''}` : t('inbox.fromCustomer')}
                  {message.byMail && `・${t('inbox.byMail')}`}
                </span>
                <span>
                  {formatDateTime(message.createdAt)}
                  {message.mailStatus && `・${t(mailLabel[message.mailStatus])}`}
                </span>
              </p>
              <p className="mt-2 break-words whitespace-pre-wrap">{message.body}</p>
              <MessageAttachments files={message.attachments} />
            </li>
          ))}
        </ol>
      </section>

      <RefusedMails mails={ticket.refusedMails} />

      <NotesPanel key={`notes-${ticket.id}`} notes={ticket.notes} onNote={onNote} />

      <ReplyForm key={ticket.id} onReply={onReply} sender={{ lastName: ticket.lastName, firstName: ticket.firstName }} />
    </article>
  );
}
