import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearSession } from './session.ts';

/**
 * Ends the session: tells the server first (failures ignored, the session ends anyway), then clears
 * the stored session and the query cache. The route guard then sends the user to /Login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(
    async (notifyServer?: () => Promise<unknown>) => {
      if (notifyServer) await notifyServer().catch(() => undefined);
      clearSession();
      queryClient.clear();
    },
    [queryClient],
  );
}
