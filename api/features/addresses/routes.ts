import type { H3 } from 'h3';
import { addressPayloadSchema, selectAddressSchema, type AddressList } from '../../../src/domain/address-schemas.ts';
import type { AppContext } from '../../context.ts';
import { lookupIdParams } from '../../../src/domain/ids.ts';
import { readBody, readParams } from '../../lib/validation.ts';
import { requireSession } from '../auth/guard.ts';
import { addAddress, editAddress, listAddressBook, removeAddress, selectAddress } from './service.ts';

/** The address book (api-contract.md): every call is the signed-in member's own addresses. */
export function registerAddressRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/addresses', async (event): Promise<AddressList> => {
    const session = await requireSession(event, ctx);
    const { addresses, selected } = await listAddressBook(ctx, session);
    return { status: 'success', data: addresses, selected_address: selected };
  });

  app.post('/api/v2/addresses', async (event) => {
    const session = await requireSession(event, ctx);
    const payload = await readBody(event, addressPayloadSchema);
    return { status: 'success', data: await addAddress(ctx, session, payload) };
  });

  app.put('/api/v2/addresses/:id', async (event) => {
    const session = await requireSession(event, ctx);
    const { id } = await readParams(event, lookupIdParams);
    const payload = await readBody(event, addressPayloadSchema);
    return { status: 'success', data: await editAddress(ctx, session, id, payload) };
  });

  app.delete('/api/v2/addresses/:id', async (event) => {
    const session = await requireSession(event, ctx);
    await removeAddress(ctx, session, (await readParams(event, lookupIdParams)).id);
    return { status: 'success' };
  });

  app.post('/api/v2/select-address', async (event) => {
    const session = await requireSession(event, ctx);
    const { id } = await readBody(event, selectAddressSchema);
    await selectAddress(ctx, session, id);
    return { status: 'success' };
  });
}
