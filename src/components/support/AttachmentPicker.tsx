import { useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_ATTACHMENT_BYTES } from '../../domain/mail/step-mails.ts';
import { MAX_MESSAGE_ATTACHMENTS, type UploadedAttachment } from '../../domain/support/desk.ts';
import { t, tf } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';

interface Props {
  /** SUPPORT_UPLOAD_PATH for the public form, STAFF_UPLOAD_PATH for staff replies (without /api). */
  uploadPath: string;
  files: UploadedAttachment[];
  onChange(files: UploadedAttachment[]): void;
  disabled?: boolean;
}

/** One file to the server (the body is the file); the server checks the type from its bytes. */
async function uploadOne(path: string, file: File): Promise<UploadedAttachment> {
  const { data } = await api<{ data: UploadedAttachment }>(path, { method: 'POST', body: file, headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) } });
  return data;
}

/**
 * Files for a support message (product decision 31): PDF, PNG or JPEG, 10 MB each, 5 at most.
 * Each file is uploaded as soon as it is chosen; a refused one is named with the reason, and
 * nothing else on the form is lost.
 */
export function AttachmentPicker({ uploadPath, files, onChange, disabled }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    setBusy(true);
    const added: UploadedAttachment[] = [];
    const refused: string[] = [];
    for (const file of chosen) {
      if (files.length + added.length >= MAX_MESSAGE_ATTACHMENTS) {
        refused.push(tf('attachments.refused', { name: file.name, reason: t('tooManyAttachments') }));
        continue;
      }
      if (file.size > MAX_ATTACHMENT_BYTES) {
        refused.push(tf('attachments.refused', { name: file.name, reason: t('fileTooLarge') }));
        continue;
      }
      try {
        added.push(await uploadOne(uploadPath, file));
      } catch (error) {
        refused.push(tf('attachments.refused', { name: file.name, reason: t(errorKeyOf(error)) }));
      }
    }
    setRefusals(refused);
    setBusy(false);
    if (added.length) onChange([...files, ...added]);
  };

  return (
    <div className="space-y-2 pb-4">
      <label htmlFor={id} className="block text-sm font-bold">
        {t('attachments.label')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('attachments.hint')}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept="application/pdf,image/png,image/jpeg"
        aria-describedby={`${id}-hint`}
        disabled={disabled || busy || files.length >= MAX_MESSAGE_ATTACHMENTS}
        onChange={(event) => void choose(event)}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-bold file:text-brand-800"
      />
      {busy && (
        <p role="status" className="text-xs text-muted">
          {t('attachments.uploading')}
        </p>
      )}
      {refusals.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm font-bold text-red-700">
          {refusals.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul aria-label={t('attachments.list')} className="space-y-1 text-sm">
          {files.map((file) => (
            <li key={file.key} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5">
              <span className="break-all">{file.name}</span>
              <button
                type="button"
                onClick={() => onChange(files.filter((other) => other.key !== file.key))}
                className="shrink-0 rounded px-2 py-1 text-xs font-bold text-brand-700 underline"
                aria-label={tf('attachments.remove', { name: file.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
