import { DialogTitle } from '@headlessui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { addressPayloadSchema, PREFECTURES, toFormValues, type AddressFormValues, type AddressPayload, type StoredAddress } from '../../../domain/address-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { addAddress, editAddress } from '../../../stores/addresses.ts';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { SelectField, TextField } from '../../../components/ui/Field.tsx';
import { usePostalCodeFill } from './use-postal-code-fill.ts';
import { Modal } from '../../../components/ui/Modal.tsx';

const prefectureOptions = PREFECTURES.map((name) => ({ value: name, label: name }));

interface Props {
  /** The address being edited; none when adding. */
  address?: StoredAddress | undefined;
  onClose: (saved: boolean) => void;
}

/**
 * The add / edit dialog, mounted only while open (so only on the client, out of the CSP's way):
 * every opening starts from the stored values, or from an empty form.
 */
export function AddressFormDialog({ address, onClose }: Props) {
  return (
    <Modal onClose={() => onClose(false)} width="xl">
      <DialogTitle className="text-lg font-bold text-brand-800">{t(address ? 'address.form.editTitle' : 'address.form.addTitle')}</DialogTitle>
      <AddressForm address={address} onDone={onClose} />
    </Modal>
  );
}

function AddressForm({ address, onDone }: { address: StoredAddress | undefined; onDone: (saved: boolean) => void }) {
  const { register, handleSubmit, control, setValue, getValues, formState } = useForm<AddressFormValues, unknown, AddressPayload>({
    resolver: valibotResolver(addressPayloadSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(address),
  });
  const { errors, isValid, isSubmitting } = formState;
  const postal = usePostalCodeFill({ control, setValue, getValues });
  const zipNotFound = postal.notFound !== null && postal.notFound === postal.current;

  const onSubmit = handleSubmit(async (payload) => {
    const saved = address ? await editAddress(address.id, payload) : await addAddress(payload);
    if (saved) onDone(true);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-1">
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('field.lastName')} registration={register('lastName')} error={errors.lastName} placeholder={t('address.placeholder.lastName')} autoComplete="shipping family-name" required />
        <TextField label={t('field.firstName')} registration={register('firstName')} error={errors.firstName} placeholder={t('address.placeholder.firstName')} autoComplete="shipping given-name" required />
        <TextField
          label={t('address.field.romanizedLastName')}
          registration={register('romanizedLastName')}
          error={errors.romanizedLastName}
          placeholder={t('address.placeholder.romanizedLastName')}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          lang="en"
          required
        />
        <TextField
          label={t('address.field.romanizedFirstName')}
          registration={register('romanizedFirstName')}
          error={errors.romanizedFirstName}
          placeholder={t('address.placeholder.romanizedFirstName')}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          lang="en"
          required
        />
      </div>
      <TextField
        label={t('address.field.postalCode')}
        registration={register('addressZip')}
        error={errors.addressZip}
        hint={t(zipNotFound ? 'address.field.postalCodeNotFound' : 'address.field.postalCodeHint')}
        placeholder={t('address.placeholder.postalCode')}
        autoComplete="shipping postal-code"
        inputMode="numeric"
        required
      />
      <SelectField
        label={t('address.field.prefecture')}
        registration={register('addressState')}
        options={prefectureOptions}
        placeholder={t('field.select')}
        error={errors.addressState}
        autoComplete="shipping address-level1"
        required
      />
      <TextField label={t('address.field.city')} registration={register('addressCity')} error={errors.addressCity} placeholder={t('address.placeholder.city')} autoComplete="shipping address-level2" required />
      <TextField
        label={t('address.field.addressLine')}
        registration={register('addressDetails')}
        error={errors.addressDetails}
        placeholder={t('address.placeholder.addressLine')}
        autoComplete="shipping address-line1"
        required
      />
      <TextField
        label={t('address.field.buildingName')}
        registration={register('buildingName')}
        error={errors.buildingName}
        placeholder={t('address.placeholder.buildingName')}
        autoComplete="shipping address-line2"
      />
      <TextField
        label={t('address.field.phone')}
        type="tel"
        registration={register('phoneNumber')}
        error={errors.phoneNumber}
        placeholder={t('address.placeholder.phone')}
        autoComplete="shipping tel"
        inputMode="tel"
        required
      />
      <div className="flex flex-col-reverse gap-3 pt-3 sm:flex-row">
        <button
          type="button"
          onClick={() => onDone(false)}
          className="w-full rounded-full border border-slate-300 bg-white px-6 py-3 font-bold text-ink hover:bg-slate-50"
        >
          {t('address.cancel')}
        </button>
        <SubmitButton disabled={!isValid || isSubmitting} busy={isSubmitting}>
          {t('address.form.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
