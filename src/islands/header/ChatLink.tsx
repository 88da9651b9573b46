import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $hasUnread } from '../../lib/stores/chat.ts';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';

interface Props extends IslandProps {
  /** Unread incoming messages when the page was rendered. */
  unread: number;
  /** The menu's mark when the chats are the current section. */
  current?: 'page' | 'true';
}

/**
 * The header's Chats link with its dot, kept live over the tab's socket: the count starts from
 * the page (`data-unread-seed` on the menu item) and follows the socket's events from the moment
 * the socket exists (`followUnread`), in every tab of the user.
 */
export default function ChatLink(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const hasUnread = useStore($hasUnread);
  // the first render matches the server's HTML; the store takes over once hydrated
  const shown = hydrated ? hasUnread : props.unread > 0;

  useEffect(() => {
    // the socket client loads after the page is interactive: the dot is right from the server's HTML
    void import('../../lib/stores/socket.ts').then((m) => m.getSocket());
  }, []);

  return (
    <a href={href('/chats')} className="chat-link" data-unread={shown ? 'true' : 'false'} aria-label={shown ? t('nav.chat_unread') : undefined} aria-current={props.current}>
      {t('nav.chat')}
      <span className="dot" aria-hidden="true"></span>
    </a>
  );
}
