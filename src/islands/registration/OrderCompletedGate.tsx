import { useEffect } from 'react';
import { ORDER_COMPLETED_KEY } from '../../lib/registration/place-order.ts';

/**
 * The completion pages follow an order made in this tab; anyone else (a bookmark, a reload, a
 * typed address) is sent to My Page (the route guard sends those not signed up to /registration).
 */
export default function OrderCompletedGate() {
  useEffect(() => {
    if (sessionStorage.getItem(ORDER_COMPLETED_KEY)) sessionStorage.removeItem(ORDER_COMPLETED_KEY);
    else window.location.replace('/mypage');
  }, []);
  return null;
}
