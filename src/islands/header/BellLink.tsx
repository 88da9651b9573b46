import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $notifications } from '../../lib/stores/notifications.ts';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';

interface Props extends IslandProps {
  /** Unread notifications when the page was rendered. */
  unread: number;
  current?: 'page';
}

/**
 * The header's bell: a link to the notifications page with the unread count, kept live over
 * the tab's one socket (the store follows the server's `notifications` event).
 */
export default function BellLink(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const live = useStore($notifications);
  const unread = hydrated ? live : props.unread;

  useEffect(() => {
    void import('../../lib/stores/socket.ts').then((m) => m.getSocket());
  }, []);

  return (
    <a href={href('/notifications')} className="bell" data-testid="bell" data-unread={unread} aria-current={props.current} aria-label={unread > 0 ? t('notifications.bell_unread', { count: unread }) : t('notifications.bell')}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"></path><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"></path></svg>
      {unread > 0 && <span className="count" aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
    </a>
  );
}
