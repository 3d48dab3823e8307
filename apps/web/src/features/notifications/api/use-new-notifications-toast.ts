import { NOTIFICATION_TEXTS, TIMING } from '@giot-hong/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { notificationKeys } from './notification-keys';
import { fetchFreshUnreadCount } from './get-unread-count';

/**
 * After registering or cancelling: refresh the unread count (the bell's badge
 * follows) and, when above 0, toast 'Bạn có {n} thông báo mới.' 3 s later. Returns the function
 * to call once the action succeeded. The page must render a toast area (components/ui/toaster).
 * A failure counts as "nothing new": it never spoils the action's own success.
 */
export function useNewNotificationsToast() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all, refetchType: 'none' });
    void fetchFreshUnreadCount(queryClient).then((n) => {
      if (n > 0)
        setTimeout(() => toast(NOTIFICATION_TEXTS.newNotifications(n)), TIMING.newNotificationToastDelayMs);
    });
  }, [queryClient]);
}
