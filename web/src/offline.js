// offline.js — registers the service worker that vite-plugin-pwa builds (see vite.config.js) and tells the
// reader about it: once when the lab has been saved for offline use, and when a new version is waiting
// ("new version — reload"). The new version only takes over when the reader says so.
//
// The offline copy is the whole site (~4 MB, GPT-2's vocabulary included): on a phone's mobile data it would
// share the connection with the first lesson's own download. So it starts once the first lesson is drawn and
// the page has then been idle for a while, and never on a connection that asks to save data
// (navigator.connection.saveData, the browser's "data saver"). <html data-offline> says where it stands:
// "waiting" (for that moment), "saving-data" (not made), "registered", then "ready".
import { t } from './i18n.js';
import { showNotice } from './ui/notices.js';

/** How long the page stays idle after the first lesson is drawn before the offline copy starts downloading. */
export const OFFLINE_DELAY_MS = 3000;

const mark = (state) => {
  document.documentElement.dataset.offline = state;
};

/** Resolves after `ms` and then the browser's next idle period (a timer where there is no requestIdleCallback). */
function idleAfter(ms) {
  return new Promise((resolve) => {
    setTimeout(() => (window.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: ms }) : resolve()), ms);
  });
}

/** Registers the service worker once `firstLesson` (a promise) has settled and the page has been idle. */
export async function startOffline(firstLesson) {
  if (!('serviceWorker' in navigator)) return;
  if (navigator.connection?.saveData) {
    mark('saving-data');
    return;
  }
  mark('waiting');
  await firstLesson;
  await idleAfter(OFFLINE_DELAY_MS);
  // workbox-window too only now: nothing of the offline copy is on the first lesson's path.
  const { registerSW } = await import('virtual:pwa-register');
  mark('registered');
  const update = registerSW({
    onNeedRefresh() {
      document.documentElement.dataset.update = 'waiting';
      showNotice(() => t('offline.update'), { kind: 'info', sticky: true, action: { label: () => t('offline.reload'), run: () => update(true) } });
    },
    onOfflineReady() {
      mark('ready');
      showNotice(() => t('offline.ready'), { kind: 'info' });
    },
    onRegisterError(error) {
      console.warn('poslab: the offline copy could not be set up', error);
    },
  });
}
