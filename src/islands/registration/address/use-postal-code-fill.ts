import { useEffect, useRef, useState } from 'react';
import { useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { postalCodeDigits, type AddressFormValues, type AddressPayload, type PostalCodeLookup } from '../../../domain/address-schemas.ts';
import { api, statusOf } from '../../../lib/api.ts';

interface Form {
  control: Control<AddressFormValues, unknown, AddressPayload>;
  setValue: UseFormSetValue<AddressFormValues>;
  getValues: UseFormGetValues<AddressFormValues>;
}

/**
 * Once a complete postal code is typed, fills the prefecture and the city from the look-up, and
 * starts an empty address line with the town. The code a stored address opens with is not looked
 * up (editing must not overwrite what the member wrote). Returns the code that was not found, if
 * any, so the form can say so; any other failure is silent: the member types the address anyway.
 */
export function usePostalCodeFill({ control, setValue, getValues }: Form): { notFound: string | null; current: string | null } {
  const zip = useWatch({ control, name: 'addressZip' });
  const current = postalCodeDigits(zip ?? '');
  const [notFound, setNotFound] = useState<string | null>(null);
  const lastLookedUp = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (lastLookedUp.current === undefined) {
      lastLookedUp.current = current;
      return;
    }
    if (!current || current === lastLookedUp.current) return;
    lastLookedUp.current = current;
    const controller = new AbortController();
    let settled = false;
    api<{ data: PostalCodeLookup }>(`/v2/postal-codes/${current}`, { signal: controller.signal }).then(
      ({ data }) => {
        settled = true;
        const options = { shouldValidate: true, shouldDirty: true, shouldTouch: true };
        if (data.prefecture) setValue('addressState', data.prefecture, options);
        if (data.city) setValue('addressCity', data.city, options);
        if (data.town && !getValues('addressDetails').trim()) setValue('addressDetails', data.town, options);
      },
      (error: unknown) => {
        settled = true;
        if (!controller.signal.aborted && statusOf(error) === 404) setNotFound(current);
      },
    );
    return () => {
      controller.abort();
      // An answer cut short by more typing: the same code typed again is looked up again.
      if (!settled) lastLookedUp.current = null;
    };
  }, [current, setValue, getValues]);

  return { notFound, current };
}
