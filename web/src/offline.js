// offline.js — registers the service worker that vite-plugin-pwa builds (see vite.config.js) and tells the
// reader about it: once when the lab has been saved for offline use, and when a new version is waiting
// ("new version — reload"). The new version only takes over when the reader says so.
//
// The offline copy is the whole site (~4 MB, GPT-2's vocabulary included): on a phone's mobile data it would
// share the connection with the first lesson's own download, and while it is fetched and stored it takes a core
// that a slider being dragged needs. So it starts once the first lesson is drawn and the reader has then left
// the page alone for a while (no slider moved, no key, no touch, no scroll), and never on a connection that
// asks to save data (navigator.connection.saveData, the browser's "data saver"). <html data-offline> says where
// it stands: "waiting" (for that moment), "saving-data" (not made), "registered", then "ready".
import { t } from './i18n.js';
import { showNotice } from './ui/notices.js';

/** How long the reader leaves the page alone, once the first lesson is drawn, before the offline copy starts. */
export const OFFLINE_DELAY_MS = 3000;
// What the reader does that restarts that wait.
const ACTIVITY = ['input', 'keydown', 'pointerdown', 'wheel', 'scroll'];

const mark = (state) => {
  document.documentElement.dataset.offline = state;
};

/**
 * Resolves once the reader has done nothing (ACTIVITY) for `ms`, in the browser's next idle period after that (a
 * timer fired in the gaps between a drag's frames, so it waits for the reader, not for the page).
 */
function quietFor(ms) {
  return new Promise((resolve) => {
    let timer = 0;
    const options = { capture: true, passive: true };
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(done, ms);
    };
    const done = () => {
      for (const type of ACTIVITY) removeEventListener(type, restart, options);
      if (window.requestIdleCallback) requestIdleCallback(() => resolve(), { timeout: ms });
      else resolve();
    };
    for (const type of ACTIVITY) addEventListener(type, restart, options);
    restart();
  });
}

/** Registers the service worker once `firstLesson` (a promise) has settled and the reader has paused. */
export async function startOffline(firstLesson) {
  if (!('serviceWorker' in navigator)) return;
  if (navigator.connection?.saveData) {
    mark('saving-data');
    return;
  }
  mark('waiting');
  await firstLesson;
  await quietFor(OFFLINE_DELAY_MS);
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
