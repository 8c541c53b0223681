import { flashMessage } from '../stores/snackbar.ts';
import { api } from './api.ts';

/** Logout: ends the session on the server, clears what the browser kept, says 'logout' and goes to /. */
export async function signOut(): Promise<void> {
  try {
    await api('/auth/signout', { method: 'POST' });
  } catch {
    // Even if the server could not be reached, the browser forgets the session below.
  }
  try {
    sessionStorage.clear();
  } catch {
    // Storage unavailable: nothing kept there.
  }
  flashMessage('event', 'logout');
  window.location.assign('/');
}
