import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { TICKET_STATUSES, ticketReplySchema, type TicketReplyValues } from '../../../domain/support-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/Field.tsx';
import { statusLabel } from './format.ts';
import { AttachmentPicker } from '../../../components/support/AttachmentPicker.tsx';
import { fillCannedReply, STAFF_UPLOAD_PATH, type UploadedAttachment } from '../../../domain/support/desk.ts';
import { CannedPicker } from './CannedPicker.tsx';

type Values = v.InferInput<typeof ticketReplySchema>;
type Output = v.InferOutput<typeof ticketReplySchema>;

interface Props {
  /** Sends the reply; resolves when it is stored (the form then empties), rejects to keep it. */
  onReply(reply: TicketReplyValues): Promise<void>;
  /** Whose name a canned reply's placeholder becomes. */
  sender: { lastName: string; firstName: string };
}

const statusOptions = TICKET_STATUSES.map((status) => ({ value: status, label: t(statusLabel[status]) }));

/** The staff answer: mailed to the sender and kept in the conversation. */
export function ReplyForm({ onReply, sender }: Props) {
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  const { register, handleSubmit, formState, reset, getValues, setValue } = useForm<Values, unknown, Output>({
    resolver: valibotResolver(ticketReplySchema),
    mode: 'onTouched',
    defaultValues: { body: '', status: 'pending' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onReply({ ...values, attachments: files.map((file) => ({ key: file.key, name: file.name })) });
      reset();
      setFiles([]);
    } catch {
      // The inbox has shown the error; the text stays for another try.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-labelledby="inbox-reply-title">
      <h3 id="inbox-reply-title" className="text-base text-brand-800">
        {t('inbox.reply')}
      </h3>
      <CannedPicker
        onPick={(reply) => {
          const text = fillCannedReply(reply.body, sender);
          const typed = getValues('body').trim();
          setValue('body', typed ? `${typed}\n\n${text}` : text, { shouldValidate: true, shouldDirty: true });
        }}
      />
      <TextAreaField label={t('inbox.replyBody')} registration={register('body')} error={errors.body} hint={t('inbox.replyHint')} rows={8} required />
      <AttachmentPicker uploadPath={STAFF_UPLOAD_PATH.replace(/^\/api/, '')} files={files} onChange={setFiles} disabled={isSubmitting} />
      <div className="grid items-end gap-4 sm:grid-cols-[12rem_1fr]">
        <SelectField label={t('inbox.replyAfter')} registration={register('status')} error={errors.status} options={statusOptions} />
        <div className="pb-7">
          <SubmitButton disabled={isSubmitting} busy={isSubmitting}>
            {t('inbox.replySubmit')}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
