import { useCallback, useId, useState, type FormEvent } from 'react';
import { NAME_PLACEHOLDER, type CannedReply } from '../../../domain/support/desk.ts';
import { inputClass } from '../../../components/ui/Field.tsx';
import { t, tf } from '../../../i18n/ja.ts';
import { errorKeyOf } from '../../../lib/api.ts';
import { showError, showEvent } from '../../../stores/snackbar.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { LoadState } from '../ui.tsx';
import { useAdminData } from '../use-admin-data.ts';
import { cannedRepliesPath, deleteCannedReply, saveCannedReply } from './desk-api.ts';
import { useSettledValue } from './use-settled-value.ts';

const buttonClass = 'rounded-lg px-3 py-2 text-sm font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 disabled:text-slate-500 disabled:ring-slate-300';

/** Add or change one canned reply. */
function CannedForm({ reply, onSave, onCancel }: { reply: CannedReply | null; onSave(values: { title: string; body: string }): Promise<void>; onCancel?: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave({ title, body });
      if (!reply) {
        setTitle('');
        setBody('');
      }
    } catch {
      // Shown as a snackbar; what was typed stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 rounded-xl p-4 ring-1 ring-brand-100" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-base text-brand-800">
        {reply ? t('canned.editing') : t('canned.new')}
      </h3>
      <label htmlFor={`${id}-t`} className="block text-sm font-bold">
        {t('canned.fieldTitle')}
      </label>
      <input id={`${id}-t`} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={100} required className={inputClass} />
      <label htmlFor={`${id}-b`} className="block text-sm font-bold">
        {t('canned.fieldBody')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('canned.bodyHint')} <code className="rounded bg-slate-100 px-1">{NAME_PLACEHOLDER}</code>
      </p>
      <textarea id={`${id}-b`} aria-describedby={`${id}-hint`} value={body} onChange={(event) => setBody(event.target.value)} rows={6} required className={inputClass} />
      <div className="flex gap-2">
        <button type="submit" disabled={saving || !title.trim() || !body.trim()} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:bg-slate-400">
          {t('canned.save')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonClass}>
            {t('canned.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The canned replies staff answer from (product decision 31): search, add, change, delete. */
export function CannedReplies() {
  const searchId = useId();
  const [q, setQ] = useState('');
  const settled = useSettledValue(q.trim(), 200);
  const list = useAdminData<CannedReply[]>(cannedRepliesPath(settled));
  const rows = list.data;
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const { reload } = list;

  const save = useCallback(
    async (id: string | null, values: { title: string; body: string }) => {
      try {
        await saveCannedReply(id, values);
        showEvent('cannedReplySaved');
        setEditing(null);
        reload();
      } catch (error) {
        showError(errorKeyOf(error));
        throw error;
      }
    },
    [reload],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <section aria-labelledby={`${searchId}-list`} className="space-y-3">
        <h2 id={`${searchId}-list`} className="text-lg text-brand-800">
          {t('canned.title')}
        </h2>
        <label htmlFor={searchId} className="sr-only">
          {t('inbox.cannedSearch')}
        </label>
        <input id={searchId} type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder={t('inbox.cannedSearch')} className={inputClass} />
        <LoadState loading={list.loading && !rows} error={list.error}>
          {rows === undefined ? null : rows.length === 0 ? (
            <p className="text-sm text-muted">{q ? t('inbox.cannedEmpty') : t('canned.empty')}</p>
          ) : (
            <ul className="space-y-3">
              {rows.map((reply) =>
                editing === reply.id ? (
                  <li key={reply.id}>
                    <CannedForm reply={reply} onSave={(values) => save(reply.id, values)} onCancel={() => setEditing(null)} />
                  </li>
                ) : (
                  <li key={reply.id} className="space-y-2 rounded-xl p-4 ring-1 ring-brand-100">
                    <h3 className="font-bold break-words">{reply.title}</h3>
                    <p className="text-sm break-words whitespace-pre-wrap text-muted">{reply.body}</p>
                    <div className="flex gap-2">
                      <button type="button" onClick={() => setEditing(reply.id)} className={buttonClass} aria-label={tf('canned.editLabel', { title: reply.title })}>
                        {t('canned.edit')}
                      </button>
                      <button type="button" onClick={() => setDeleting(reply)} className={buttonClass} aria-label={tf('canned.deleteLabel', { title: reply.title })}>
                        {t('canned.delete')}
                      </button>
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
        </LoadState>
      </section>
      <div>
        <CannedForm reply={null} onSave={(values) => save(null, values)} />
      </div>
      {deleting && (
        <ConfirmDialog
          title={tf('canned.deleteLabel', { title: deleting.title })}
          confirmLabel={t('canned.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await deleteCannedReply(deleting.id);
              showEvent('cannedReplyDeleted');
              reload();
            } catch (error) {
              showError(errorKeyOf(error));
            }
            setDeleting(null);
          }}
        >
          <p className="text-sm break-words whitespace-pre-wrap">{deleting.body}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
