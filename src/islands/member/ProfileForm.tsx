import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { profileFormSchema, type ProfileFormValues, type ProfileReply, type ProfileView } from '../../domain/profile-schemas.ts';
import { t } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { showError, showEvent } from '../../stores/snackbar.ts';
import { SubmitButton } from '../../components/ui/Button.tsx';
import { BirthdayFields, NameFields } from '../../components/ui/PersonFields.tsx';

/**
 * Name, birthday and the event-mail consent (product decision 19: the server records time and source).
 * Without a profile yet it is drawn empty and disabled, at its final size, so the page's frame paints
 * with the first HTML and nothing moves when the profile arrives (issue 27); the page mounts it
 * afresh (a new `key`) with the profile.
 */
export function ProfileForm({ profile, onSaved }: { profile: ProfileView | undefined; onSaved: (profile: ProfileView) => void }) {
  const { register, handleSubmit, formState } = useForm<ProfileFormValues>({
    resolver: valibotResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: profile
      ? {
          lastName: profile.lastName,
          firstName: profile.firstName,
          birth_year: profile.birthday.slice(0, 4),
          birth_month: profile.birthday.slice(4),
          eventMail: profile.eventMail,
        }
      : { lastName: '', firstName: '', birth_year: '', birth_month: '', eventMail: false },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = { lastName: values.lastName, firstName: values.firstName, birthday: `${values.birth_year}${values.birth_month}`, eventMail: values.eventMail };
      const reply = await api<ProfileReply>('/v2/profile', { method: 'PUT', body });
      onSaved(reply.data);
      showEvent('profileSaved');
    } catch (error) {
      showError(errorKeyOf(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={!profile || undefined}>
      <fieldset disabled={!profile} className="min-w-0 space-y-2">
        <NameFields registrations={[register('lastName'), register('firstName')]} errors={[errors.lastName, errors.firstName]} />
        <BirthdayFields registrations={[register('birth_year'), register('birth_month')]} errors={[errors.birth_year, errors.birth_month]} />
        <label className="flex items-start gap-3 rounded-lg bg-brand-50/60 p-3 text-sm">
          <input type="checkbox" className="mt-1 h-4 w-4" {...register('eventMail')} />
          <span>
            <span className="font-bold">{t('mypage.profile.eventMail')}</span>
            <span className="mt-1 block text-xs text-muted">{t('mypage.profile.eventMailHint')}</span>
          </span>
        </label>
        <div className="pt-2">
          <SubmitButton disabled={isSubmitting} busy={isSubmitting}>
            {t('mypage.profile.save')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
