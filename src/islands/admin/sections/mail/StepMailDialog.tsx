import { DialogTitle } from '@headlessui/react';
import { useId, useState } from 'react';
import type { StepMailItem } from '../../../../domain/mail/step-mails.ts';
import { FieldShell, inputClass } from '../../../../components/ui/Field.tsx';
import { t } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError } from '../../../../stores/snackbar.ts';
import { buttonClass, primaryButtonClass } from '../../ui.tsx';
import { Modal } from '../../../../components/ui/Modal.tsx';

type UploadTarget = { kind: 's3'; url: string; fields: Record<string, string>; key: string } | { kind: 'direct'; url: string; fields: Record<string, string>; key: null };

/** Uploads the attachment where the server says (S3 presigned POST, or the server itself); the storage key. */
async function uploadFile(file: File): Promise<string> {
  const { data: target } = await api<{ data: UploadTarget }>('/v2/admin/step-mails/uploads/target', { method: 'POST', body: { fileName: file.name } });
  if (target.kind === 's3') {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const response = await fetch(target.url, { method: 'POST', body: form });
    if (!response.ok) throw new Error('upload failed');
    return target.key;
  }
  const { data } = await api<{ data: { file: string } }>('/v2/admin/step-mails/uploads', { method: 'POST', body: file, headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) } });
  return data.file;
}

/** Add or edit a step (spec §2): the edit dialog shows the stored content, not 'Html omitted...'. */
export function StepMailDialog({ step, onSaved, onClose }: { step: StepMailItem | undefined; onSaved: () => void; onClose: () => void }) {
  const ids = { title: useId(), content: useId(), date: useId(), time: useId(), file: useId() };
  const [values, setValues] = useState({ title: step?.title ?? '', content: step?.content ?? '', date: String(step?.date ?? 0), time: step?.time ?? '09:00', file: step?.file ?? '', fileName: step?.fileName ?? '' });
  const [chosen, setChosen] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values, value: string) => setValues((previous) => ({ ...previous, [key]: value }));

  const save = async () => {
    setBusy(true);
    try {
      const file = chosen ? await uploadFile(chosen) : values.file;
      // The chosen file's own name goes with the step: members receive it under that name (issue 27).
      const body = { ...values, file, fileName: chosen ? chosen.name : values.fileName, ...(step ? { num: step.num } : {}) };
      await api('/v2/admin/step-mails', { method: step ? 'PUT' : 'POST', body });
      onSaved();
    } catch (error) {
      showError(errorKeyOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal onClose={() => !busy && onClose()} width="2xl">
      <DialogTitle className="text-lg font-bold text-brand-800">{step ? t('step.editTitle') : t('step.addTitle')}</DialogTitle>
      <form
        className="mt-4 space-y-1"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FieldShell id={ids.title} label={t('step.field.title')} required>
          <input id={ids.title} className={inputClass} value={values.title} onChange={(event) => set('title', event.target.value)} aria-required />
        </FieldShell>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FieldShell id={ids.date} label={t('step.field.date')} required hint={t('step.field.dateHint')}>
            <input id={ids.date} type="number" min={0} className={inputClass} value={values.date} onChange={(event) => set('date', event.target.value)} aria-required aria-describedby={`${ids.date}-hint`} />
          </FieldShell>
          <FieldShell id={ids.time} label={t('step.field.time')} required hint={t('step.field.timeHint')}>
            <input id={ids.time} type="time" className={inputClass} value={values.time} onChange={(event) => set('time', event.target.value)} aria-required aria-describedby={`${ids.time}-hint`} />
          </FieldShell>
        </div>
        <FieldShell id={ids.content} label={t('step.field.content')} required>
          <textarea id={ids.content} rows={8} className={`${inputClass} font-mono text-sm`} value={values.content} onChange={(event) => set('content', event.target.value)} aria-required />
        </FieldShell>
        <FieldShell id={ids.file} label={t('step.field.file')} hint={values.file ? `${t('step.field.fileCurrent')} ${values.fileName || values.file}` : t('step.field.fileHint')}>
          <input id={ids.file} type="file" accept="application/pdf,image/png,image/jpeg" className="block text-sm" onChange={(event) => setChosen(event.target.files?.[0])} aria-describedby={`${ids.file}-hint`} />
        </FieldShell>
        <div className="flex justify-end gap-3 pt-3">
          <button type="button" className={buttonClass} onClick={onClose} disabled={busy}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy || undefined}>
            {t('step.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
