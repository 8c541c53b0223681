import { ja } from '../i18n/ja.ts';
import type { SnackbarMessage } from '../stores/snackbar.ts';

/** Draws the snackbar store into the page's snackbar regions (used by pages with islands). */
export function renderSnackbar(message: SnackbarMessage | null, hide: () => void): void {
  const regions = { event: document.getElementById('snackbar-event'), error: document.getElementById('snackbar-error') };
  const template = document.getElementById('snackbar-template') as HTMLTemplateElement | null;
  for (const region of Object.values(regions)) region?.replaceChildren();
  if (!message || !template) return;
  const node = template.content.firstElementChild?.cloneNode(true) as HTMLElement;
  node.classList.add(message.kind === 'event' ? 'bg-green-700' : 'bg-red-700');
  node.dataset.kind = message.kind;
  (node.querySelector('[data-text]') as HTMLElement).textContent = ja[message.key];
  node.querySelector('[data-close]')?.addEventListener('click', hide);
  regions[message.kind]?.append(node);
}
