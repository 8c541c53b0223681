import { valibotResolver } from '@hookform/resolvers/valibot';
import { FetchError } from 'ofetch';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  announcementSchema,
  emptyAnnouncementForm,
  enterMode,
  submitTarget,
  type AdminAnnouncement,
  type AnnouncementFormValues,
  type AnnouncementInput,
  type AnnouncementMode,
} from '../../../../domain/admin/announcements.ts';
import type { ApiIssue } from '../../../../domain/api-errors.ts';
import { t, tf } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { buttonClass, LoadState } from '../../ui.tsx';
import { useAdminData } from '../../use-admin-data.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { AnnouncementTable } from './AnnouncementTable.tsx';

const formFields = ['title', 'description', 'is_visible', 'need_send_mail'] as const;

/** Announcements (spec §2, §4; product decision 5): the table, 新規 / 編集, the form, and the mail icon. */
export default function AnnouncementsSection() {
  const list = useAdminData<AdminAnnouncement[]>('/v2/admin/announcements');
  const rows = list.data ?? [];
  const [selectedId, setSelectedId] = useState<number | undefined>();
  const [mode, setMode] = useState<AnnouncementMode>('none');
  const [mailChoiceLocked, setMailChoiceLocked] = useState(false);
  const [mailing, setMailing] = useState<AdminAnnouncement | undefined>();
  // Lazy validation (spec §5): checked on submit, then as the fields change.
  const { register, handleSubmit, reset, getValues, setError, formState } = useForm<AnnouncementFormValues, unknown, AnnouncementInput>({
    // The form starts with no choice made (''), which the schema refuses as thisFieldIsRequired.
    resolver: valibotResolver(announcementSchema) as unknown as Resolver<AnnouncementFormValues, unknown, AnnouncementInput>,
    mode: 'onSubmit',
    defaultValues: emptyAnnouncementForm,
  });

  const choose = (next: 'new' | 'edit') => {
    const entered = enterMode(
      next,
      rows.find((row) => row.id === selectedId),
    );
    if ('error' in entered) {
      showError(entered.error);
      return;
    }
    setMode(entered.mode);
    setMailChoiceLocked(entered.mailChoiceLocked);
    reset(entered.form);
  };

  const onSubmit = handleSubmit(async (input) => {
    const target = submitTarget({ id: getValues('id') });
    try {
      const reply = await api<{ data: AdminAnnouncement[] }>(target.path, { method: target.method, body: { ...input, id: getValues('id') || undefined } });
      list.replace(reply.data);
      showEvent(target.method === 'POST' ? 'announcementCreated' : 'announcementUpdated');
      setMode('none');
      setMailChoiceLocked(false);
      reset(emptyAnnouncementForm);
    } catch (error) {
      const issues = error instanceof FetchError ? ((error.data as { issues?: ApiIssue[] } | undefined)?.issues ?? []) : [];
      for (const issue of issues) {
        const field = formFields.find((name) => name === issue.path);
        if (field) setError(field, { message: issue.code });
      }
      showError(errorKeyOf(error));
    }
  });

  const sendMail = async (row: AdminAnnouncement) => {
    try {
      const reply = await api<{ data: AdminAnnouncement[] }>(`/v2/admin/announcements/${row.id}/mail`, { method: 'POST' });
      list.replace(reply.data);
      showEvent('announcementMailQueued');
      setMailing(undefined);
    } catch (error) {
      showError(errorKeyOf(error));
      setMailing(undefined);
      list.reload();
    }
  };

  return (
    <div className="space-y-6">
      <LoadState loading={list.loading && !list.data} error={list.error}>
        {list.data && <AnnouncementTable rows={rows} selectedId={selectedId} onSelect={setSelectedId} onSendMail={setMailing} />}
      </LoadState>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass} onClick={() => choose('new')} aria-pressed={mode === 'new'}>
          {t('admin.announcements.new')}
        </button>
        <button type="button" className={buttonClass} onClick={() => choose('edit')} aria-pressed={mode === 'edit'}>
          {t('admin.announcements.edit')}
        </button>
      </div>
      <AnnouncementForm mode={mode} register={register} errors={formState.errors} mailChoiceLocked={mailChoiceLocked} submitting={formState.isSubmitting} onSubmit={() => void onSubmit()} />
      {mailing && (
        // Asked first: the mail goes out once, to every member who accepts event mail.
        <ConfirmDialog title={t('admin.announcements.confirmTitle')} confirmLabel={t('admin.announcements.confirmSend')} onConfirm={() => sendMail(mailing)} onClose={() => setMailing(undefined)}>
          <p>{tf('admin.announcements.confirmBody', { title: mailing.title })}</p>
          <p className="text-muted">{t('admin.announcements.confirmNote')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
