import { useEffect, useId, useState } from 'react';
import type { CannedReply } from '../../../domain/support/desk.ts';
import { inputClass } from '../../../components/ui/Field.tsx';
import { t, tf } from '../../../i18n/ja.ts';
import { errorKeyOf } from '../../../lib/api.ts';
import { showError } from '../../../stores/snackbar.ts';

/** Finds canned replies by title or body as staff type; choosing one puts it in the answer. */
export function CannedPicker({ find, onPick }: { find(q: string): Promise<CannedReply[]>; onPick(reply: CannedReply): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<CannedReply[] | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    let active = true;
    // A short pause while typing: one search per pause, not per key.
    const timer = setTimeout(() => {
      find(q.trim()).then(
        (rows) => active && setFound(rows),
        (error: unknown) => active && showError(errorKeyOf(error)),
      );
    }, 200);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [find, q, open]);

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
          {found === undefined ? (
            <p className="text-sm text-muted">{t('common.loading')}</p>
          ) : found.length === 0 ? (
            <p className="text-sm text-muted">{t('inbox.cannedEmpty')}</p>
          ) : (
            <ul className="max-h-64 space-y-1 overflow-y-auto">
              {found.map((reply) => (
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
        </div>
      )}
    </div>
  );
}
