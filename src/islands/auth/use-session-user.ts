import { useStore } from '@nanostores/react';
import { $user } from '../../stores/session.ts';

/**
 * The signed-in user for an island. While React hydrates it reads the store's initial value
 * (undefined = loading), which is what the prebuilt HTML shows: an island hydrating after the
 * session has loaded (client:visible, client:idle) would otherwise not match its own HTML.
 */
export const useSessionUser = () => useStore($user, { ssr: 'initial' });
