import * as v from 'valibot';

/**
 * Announcements (spec §2, §3, §4; product decision 5): the admin console's table and form, the API's
 * payload, and what members read. The form holds the yes/no choices as 'True'/'False' (spec §3);
 * the API takes those or booleans.
 */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 10_000;

const yesNo = v.pipe(
  v.union([v.boolean(), v.picklist(['True', 'False'])], 'thisFieldIsRequired'),
  v.transform((value) => value === true || value === 'True'),
);
const requiredText = (max: number) => v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.nonEmpty('thisFieldIsRequired'), v.maxLength(max, 'tooLong'));

/** POST /api/v2/admin/announcements and PUT /api/v2/admin/announcements/{id}; the form's rules too. */
export const announcementSchema = v.object({
  title: requiredText(TITLE_MAX),
  description: requiredText(DESCRIPTION_MAX),
  is_visible: yesNo,
  need_send_mail: yesNo,
});
export type AnnouncementInput = v.InferOutput<typeof announcementSchema>;

/** The form's values (spec §3): id is empty for a new announcement. */
export interface AnnouncementFormValues {
  id: string;
  title: string;
  description: string;
  is_visible: 'True' | 'False' | '';
  need_send_mail: 'True' | 'False' | '';
}

/** Announcement ids are whole numbers (the table sorts by id, newest first). */
export const announcementIdParams = v.object({
  id: v.pipe(v.string('badRequest'), v.regex(/^[1-9]\d{0,9}$/, 'badRequest'), v.transform(Number), v.maxValue(2_147_483_647, 'badRequest')),
});

/** A row of the admin table (dates ISO 8601). */
export interface AdminAnnouncement {
  id: number;
  title: string;
  description: string;
  is_visible: boolean;
  need_send_mail: boolean;
  is_mail_sent: boolean;
  mail_sent_date: string | null;
  /** How many members the mail was queued for (null until the sending job has counted). */
  mail_recipients: number | null;
  created_at: string;
  updated_at: string;
}

/** What members read: GET /api/v2/announcements (visible ones only). */
export interface MemberAnnouncement {
  id: number;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}

/** The mail icon: only for rows that need mail and have not been sent (spec §2). */
export function canSendMail(row: Pick<AdminAnnouncement, 'need_send_mail' | 'is_mail_sent'>): boolean {
  return row.need_send_mail && !row.is_mail_sent;
}

export type AnnouncementMode = 'none' | 'new' | 'edit';

export const emptyAnnouncementForm: AnnouncementFormValues = { id: '', title: '', description: '', is_visible: '', need_send_mail: '' };

/**
 * Choosing a mode (spec §4): new clears the form (id empty, mail choice enabled); edit needs a
 * selected row (else the 'select the data to edit' alert), loads it, and locks the mail choice
 * once the mail has been sent.
 */
export function enterMode(
  mode: Exclude<AnnouncementMode, 'none'>,
  selected: AdminAnnouncement | undefined,
): { mode: AnnouncementMode; form: AnnouncementFormValues; mailChoiceLocked: boolean } | { error: 'selectDataToEdit' } {
  if (mode === 'new') return { mode, form: { ...emptyAnnouncementForm }, mailChoiceLocked: false };
  if (!selected) return { error: 'selectDataToEdit' };
  return {
    mode,
    form: {
      id: String(selected.id),
      title: selected.title,
      description: selected.description,
      is_visible: selected.is_visible ? 'True' : 'False',
      need_send_mail: selected.need_send_mail ? 'True' : 'False',
    },
    mailChoiceLocked: selected.is_mail_sent,
  };
}

/** Submit creates when the id is empty, else updates (spec §4). */
export function submitTarget(form: Pick<AnnouncementFormValues, 'id'>): { method: 'POST'; path: string } | { method: 'PUT'; path: string } {
  return form.id === '' ? { method: 'POST', path: '/v2/admin/announcements' } : { method: 'PUT', path: `/v2/admin/announcements/${form.id}` };
}
