import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiBaseUrls } from '../../../config/app-config';
import { apiClient } from '../../../lib/api-client';
import { tokenStorage } from '../../../lib/token-storage';
import { openNotificationChannel } from '../api/notification-channel';
import { notificationQueryKeys } from '../api/query-keys';

/** Keeps the user's notifications fresh: every push refetches the pages on screen (bell, /notification). */
export const useNotificationChannel = (userId: string): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = openNotificationChannel({
      baseUrl: apiBaseUrls.main,
      getToken: () => tokenStorage.get()?.token ?? null,
      refreshTokens: apiClient.refreshTokens,
      onChange: () => void queryClient.invalidateQueries({ queryKey: notificationQueryKeys.ofUser(userId) }),
    });
    return () => channel.close();
  }, [userId, queryClient]);
};
