import { useId, useState } from 'react';
import type { CannedReply } from '../../../domain/support/desk.ts';
import { inputClass } from '../../../components/ui/Field.tsx';
import { t, tf } from '../../../i18n/ja.ts';
import { LoadState } from '../ui.tsx';
import { useAdminData } from '../use-admin-data.ts';
import { cannedRepliesPath } from './desk-api.ts';
import { useSettledValue } from './use-settled-value.ts';

/** Finds canned replies by title or body as staff type; choosing one puts it in the answer. */
export function CannedPicker({ onPick }: { onPick(reply: CannedReply): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const settled = useSettledValue(q.trim(), 200);
  // Read only while the panel is open; the last answer stays while the next search is read.
  const found = useAdminData<CannedReply[]>(open ? cannedRepliesPath(settled) : null);
  const rows = found.data;

  return (
    <div className="space-y-2">
      <button type="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((value) => !value)} className="text-sm font-bold text-brand-700 underline">
        {t('inbox.canned')}
      </button>
      {open && (
        <div id={`${id}-panel`} className="space-y-2 rounded-xl p-3 ring-1 ring-brand-100">
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">
            {t('inbox.cannedSearch')}
          </label>
          <input id={`${id}-q`} type="search" value={q} onChange={(event) => setQ(event.target.value)} className={inputClass} />
          <LoadState loading={rows === undefined} error={found.error}>
            {rows === undefined ? null : rows.length === 0 ? (
              <p className="text-sm text-muted">{t('inbox.cannedEmpty')}</p>
            ) : (
              <ul className="max-h-64 space-y-1 overflow-y-auto">
                {rows.map((reply) => (
                  <li key={reply.id}>
                    <button
                      type="button"
                      onClick={() => {
                        onPick(reply);
                        setOpen(false);
                      }}
                      aria-label={tf('inbox.cannedInsert', { title: reply.title })}
                      className="block w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-brand-50"
                    >
                      <span className="block font-bold break-words">{reply.title}</span>
                      <span className="block truncate text-xs text-muted">{reply.body}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </LoadState>
        </div>
      )}
    </div>
  );
}
