import { AddressBook } from '../registration/address/AddressBook.tsx';
import { useMemberSession } from './use-member-session.ts';

/** /shipping-address: the registration's address book as a page (select, add, edit, delete). */
export default function ShippingAddressPage() {
  useMemberSession();
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-6">
      <AddressBook disabled={false} />
    </div>
  );
}
