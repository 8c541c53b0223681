import { valibotResolver } from '@hookform/resolvers/valibot';
import { FetchError } from 'ofetch';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import type { SupportCategory } from '../../content/types.ts';
import type { ApiIssue } from '../../domain/api-errors.ts';
import { HONEYPOT_FIELD, MAX_CONTENTS, supportMailSchema, type SupportFormValues, type SupportMailReply } from '../../domain/support-schemas.ts';
import { t, tf, type MessageKey } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { fetchSession } from '../../lib/auth-client.ts';
import { showError } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/Field.tsx';
import { rememberSentInquiry } from './sent-inquiry.ts';
import { AttachmentPicker } from '../../components/support/AttachmentPicker.tsx';
import { SUPPORT_UPLOAD_PATH, type UploadedAttachment } from '../../domain/support/desk.ts';

interface Props {
  /** The category and title choices from Sanity's site settings. */
  categories: SupportCategory[];
}

type Values = v.InferInput<typeof supportMailSchema>;
type Output = v.InferOutput<typeof supportMailSchema>;
const PREFILLED = ['lastName', 'firstName', 'email'] as const;

/** Keys the API may answer with, shown as they are; anything else means the mail was not sent. */
const SHOWN_AS_IS: MessageKey[] = ['tooManyRequests', 'networkError', 'badRequest', 'fileNotFound', 'fileTypeNotAllowed', 'fileTooLarge', 'tooManyAttachments'];

/**
 * The support form (member spec §2, §5): every field required, category and title from lists,
 * pre-filled for a signed-in member. After sending, the confirmation page shows what was sent.
 */
export default function SupportForm({ categories }: Props) {
  const { register, handleSubmit, formState, control, setValue, getValues, setError, resetField } = useForm<Values, unknown, Output>({
    resolver: valibotResolver(supportMailSchema),
    mode: 'onTouched',
    defaultValues: { lastName: '', firstName: '', email: '', category: '', title: '', contents: '', [HONEYPOT_FIELD]: '' },
  });
  const { errors, isSubmitting } = formState;
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  const category = useWatch({ control, name: 'category' });
  const contents = useWatch({ control, name: 'contents' });
  const titles = useMemo(() => categories.find((c) => c.name === category)?.titles ?? [], [categories, category]);

  // Other pages may link to a preset choice: /support?category=…&title=… (plan switch in the trial).
  // The title is set once its category's options are on the page (a select cannot hold a value it lacks).
  const presetTitle = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const preset = categories.find((c) => c.name === params.get('category'));
    if (!preset) return;
    presetTitle.current = params.get('title');
    setValue('category', preset.name);
  }, [categories, setValue]);
  useEffect(() => {
    const title = presetTitle.current;
    if (title === null || titles.length === 0) return;
    presetTitle.current = null;
    if (titles.includes(title)) setValue('title', title);
  }, [titles, setValue]);

  // A signed-in member's name and address fill the fields they have not typed in yet.
  useEffect(() => {
    if (document.documentElement.dataset.auth !== 'in') return;
    let active = true;
    fetchSession().then(
      (session) => {
        if (!active || !session) return;
        for (const field of PREFILLED) {
          if (getValues(field) === '') setValue(field, session[field]);
        }
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const attachments = files.map((file) => ({ key: file.key, name: file.name }));
      const reply = await api<{ data: SupportMailReply }>('/v2/support-mail', { method: 'POST', body: { ...values, attachments } });
      const { [HONEYPOT_FIELD]: _honeypot, attachments: _files, ...inquiry } = values;
      rememberSentInquiry({ ticketNumber: reply.data.ticketNumber, inquiry });
      window.location.assign('/support_confirm');
      // Stays "sending" while the next page loads, so the inquiry is not sent twice.
      await new Promise(() => undefined);
    } catch (error) {
      const issues = error instanceof FetchError ? (error.data as { issues?: ApiIssue[] } | undefined)?.issues : undefined;
      for (const issue of issues ?? []) {
        if (issue.path in values) setError(issue.path as keyof SupportFormValues, { message: issue.code }, { shouldFocus: true });
      }
      const key = errorKeyOf(error);
      showError(issues?.length ? 'badRequest' : SHOWN_AS_IS.includes(key) ? key : 'sendMailFailed');
      // A file that is gone from storage must be chosen again; the rest of the form stays.
      if (key === 'fileNotFound') setFiles([]);
    }
  });

  const categoryOptions = categories.map((c) => ({ value: c.name, label: c.name }));
  const titleOptions = titles.map((title) => ({ value: title, label: title }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label={t('field.lastName')} registration={register('lastName')} error={errors.lastName} autoComplete="family-name" required />
        <TextField label={t('field.firstName')} registration={register('firstName')} error={errors.firstName} autoComplete="given-name" required />
      </div>
      <TextField label={t('field.email')} registration={register('email')} error={errors.email} type="email" autoComplete="email" inputMode="email" spellCheck={false} required />
      <SelectField label={t('support.category')} registration={register('category', { onChange: () => resetField('title') })} error={errors.category} options={categoryOptions} placeholder={t('field.select')} required />
      <SelectField
        label={t('support.subject')}
        registration={register('title')}
        error={errors.title}
        options={titleOptions}
        placeholder={t('field.select')}
        hint={category ? undefined : t('support.subjectHint')}
        disabled={!category}
        required
      />
      <TextAreaField
        label={t('support.contents')}
        registration={register('contents')}
        error={errors.contents}
        rows={8}
        required
        below={
          <p className={`text-right text-xs ${contents.length > MAX_CONTENTS ? 'font-bold text-red-700' : 'text-muted'}`}>
            {tf('support.contentsCount', { count: contents.length, max: MAX_CONTENTS })}
          </p>
        }
      />
      <AttachmentPicker uploadPath={SUPPORT_UPLOAD_PATH.replace(/^\/api/, '')} files={files} onChange={setFiles} disabled={isSubmitting} />
      {/* Bots fill every field; people never see this one (nor do screen readers or the tab key). */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {t('support.honeypot')}
          <input type="text" tabIndex={-1} autoComplete="off" {...register(HONEYPOT_FIELD)} />
        </label>
      </div>
      <div className="pt-2">
        <SubmitButton disabled={isSubmitting} busy={isSubmitting}>
          {isSubmitting ? t('support.submitting') : t('support.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
