import { useState } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** Tests stand-in for `virtual:pwa-register/react`; `pwaStub.needRefresh` simulates a waiting update. */
export const pwaStub = { needRefresh: false, updateCalls: 0 };

export const useRegisterSW = (_options?: RegisterSWOptions) => {
  const needRefresh = useState(pwaStub.needRefresh);
  const offlineReady = useState(false);
  return {
    needRefresh,
    offlineReady,
    updateServiceWorker: async () => {
      pwaStub.updateCalls += 1;
    },
  };
};
