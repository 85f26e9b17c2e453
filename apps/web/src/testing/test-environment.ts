import { followOwnAircraftStore } from '../features/map/hooks/use-follow-own-aircraft';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { pwaStub } from './pwa-register-stub';

/** Puts every piece of module state back between tests. */
export const resetTestEnvironment = async (): Promise<void> => {
  localStorage.clear();
  session.syncFromStorage();
  queryClient.clear();
  pwaStub.needRefresh = false;
  pwaStub.updateCalls = 0;
  // Any screen that opens a flight turns follow mode on; the next file would start following.
  followOwnAircraftStore.reset();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
};
