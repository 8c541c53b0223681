import { useId, useState, type FormEvent } from 'react';
import type { TicketDetail } from '../../../domain/support-schemas.ts';
import type { AttachmentView, RefusedMail, StaffMember, TicketNote } from '../../../domain/support/desk.ts';
import { inputClass } from '../../../components/ui/Field.tsx';
import { t, tf, type PlainKey } from '../../../i18n/ja.ts';
import { formatDateTime } from './format.ts';

/** The desk's parts of a ticket (product decision 31): owner, files, notes, refused mail. */
const buttonClass = 'rounded-lg px-4 py-2.5 text-sm font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 disabled:text-slate-500 disabled:ring-slate-300';

export function AssigneeControl({ ticket, staff, onAssign }: { ticket: TicketDetail; staff: StaffMember[]; onAssign(assigneeId: string | null): Promise<void> }) {
  const id = useId();
  const current = ticket.assignee?.id ?? '';
  const [choice, setChoice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = choice ?? current;
  // The current owner stays choosable even when no longer on the staff list.
  const options = ticket.assignee && !staff.some((member) => member.id === ticket.assignee!.id) ? [...staff, ticket.assignee] : staff;
  const save = async () => {
    setSaving(true);
    try {
      await onAssign(value || null);
      setChoice(null);
    } catch {
      // Shown by the inbox; the choice stays for another try.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <label htmlFor={id} className="text-sm font-bold">
          {t('inbox.assignee')}
        </label>
        <select id={id} value={value} onChange={(event) => setChoice(event.target.value)} className={`${inputClass} w-56`}>
          <option value="">{t('inbox.unassigned')}</option>
          {options.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <button type="button" onClick={() => void save()} disabled={saving || value === current} className={buttonClass}>
        {t('inbox.assigneeSave')}
      </button>
    </div>
  );
}

/** Images are previewed in place; a PDF is a link (it downloads). */
export function MessageAttachments({ files }: { files: AttachmentView[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-3">
      {files.map((file) => (
        <li key={file.id} className="max-w-full">
          {file.contentType.startsWith('image/') ? (
            <a href={file.url} target="_blank" rel="noreferrer" className="block rounded-lg ring-1 ring-slate-200 hover:ring-brand-600" aria-label={tf('inbox.attachmentOpen', { name: file.name })}>
              <img src={file.url} alt={tf('inbox.attachmentPreview', { name: file.name })} className="max-h-48 max-w-full rounded-lg object-contain sm:max-w-xs" loading="lazy" />
            </a>
          ) : (
            <a href={file.url} className="inline-block rounded-lg bg-white px-3 py-2 font-bold break-all text-brand-700 underline ring-1 ring-slate-200">
              {file.name}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export function NotesPanel({ notes, onNote }: { notes: TicketNote[]; onNote(body: string): Promise<void> }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    setSaving(true);
    try {
      await onNote(body);
      setBody('');
    } catch {
      // Shown by the inbox; the text stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <h3 id={`${id}-title`} className="text-base text-amber-950">
        {t('inbox.notes')}
      </h3>
      <p className="text-xs text-amber-950">{t('inbox.notesHint')}</p>
      {notes.length === 0 ? (
        <p className="text-sm text-amber-950">{t('inbox.noNotes')}</p>
      ) : (
        <ol className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-white p-3 text-sm ring-1 ring-amber-200">
              <p className="flex flex-wrap justify-between gap-2 text-xs text-muted">
                <span className="font-bold">{note.staffName ?? t('inbox.fromStaff')}</span>
                <span>{formatDateTime(note.createdAt)}</span>
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-2">
        <label htmlFor={id} className="block text-sm font-bold text-amber-950">
          {t('inbox.noteBody')}
        </label>
        <textarea id={id} value={body} onChange={(event) => setBody(event.target.value)} rows={3} className={inputClass} />
        <button type="submit" disabled={saving || !body.trim()} className={`${buttonClass} bg-white`}>
          {t('inbox.noteSubmit')}
        </button>
      </form>
    </section>
  );
}

const refusalLabel: Record<RefusedMail['reason'], PlainKey> = { unknownToken: 'inbox.refused.unknownToken', senderMismatch: 'inbox.refused.senderMismatch' };

export function RefusedMails({ mails, title = 'inbox.refused' }: { mails: RefusedMail[]; title?: PlainKey }) {
  const id = useId();
  if (mails.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-base text-red-800">
        {t(title)}
      </h3>
      <ol className="space-y-2">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-xl bg-red-50 p-4 text-sm ring-1 ring-red-200">
            <p className="font-bold text-red-800">{t(refusalLabel[mail.reason])}</p>
            <p className="mt-1 text-xs break-all text-muted">
              {mail.fromAddress}・{formatDateTime(mail.receivedAt)}・{mail.subject}
            </p>
            <p className="mt-2 break-words whitespace-pre-wrap">{mail.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
