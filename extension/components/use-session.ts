import { useCallback, useEffect, useState } from 'react';
import { sendMessage, type SessionView } from '@/utils/messaging.js';
import { authNoticeItem, serverUrlItem, signedInUserItem } from '@/utils/storage.js';

export function useSession(): { session: SessionView | undefined; setSession: (view: SessionView) => void } {
  const [session, setSession] = useState<SessionView | undefined>(undefined);
  const refresh = useCallback(() => {
    void sendMessage('getSession').then(setSession);
  }, []);
  useEffect(() => {
    refresh();
    const unwatch = [signedInUserItem.watch(refresh), authNoticeItem.watch(refresh), serverUrlItem.watch(refresh)];
    return () => unwatch.forEach((stop) => stop());
  }, [refresh]);
  return { session, setSession };
}
