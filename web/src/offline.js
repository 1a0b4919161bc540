// offline.js — registers the service worker that vite-plugin-pwa builds (see vite.config.js) and tells the
// reader about it: once when the lab has been saved for offline use, and when a new version is waiting
// ("new version — reload"). The new version only takes over when the reader says so.
import { registerSW } from 'virtual:pwa-register';
import { t } from './i18n.js';
import { showNotice } from './ui/notices.js';

export function startOffline() {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      document.documentElement.dataset.update = 'waiting';
      showNotice(() => t('offline.update'), { kind: 'info', sticky: true, action: { label: () => t('offline.reload'), run: () => update(true) } });
    },
    onOfflineReady() {
      document.documentElement.dataset.offline = 'ready';
      showNotice(() => t('offline.ready'), { kind: 'info' });
    },
    onRegisterError(error) {
      console.warn('poslab: the offline copy could not be set up', error);
    },
  });
}
