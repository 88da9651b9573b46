import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $hasUnread, $openChat, $unread, changeUnread } from '../../lib/stores/chat.ts';
import type { MessageDto } from '../../lib/schemas/chat.ts';
import { useT, type IslandProps } from '../shared/i18n.ts';

interface Props extends IslandProps {
  userId: string;
  /** Unread incoming messages when the page was rendered. */
  unread: number;
}

let seeded = false;

/**
 * The header's Chat link with its dot, kept live over the tab's socket: a new incoming message
 * raises the count unless that chat is open; reading lowers it (in every tab of the user).
 */
export default function ChatLink(props: Props) {
  const { t, href } = useT(props);
  const hasUnread = useStore($hasUnread);
  const shown = seeded ? hasUnread : props.unread > 0;

  useEffect(() => {
    if (!seeded) {
      seeded = true;
      $unread.set(props.unread);
    }
    let active = true;
    // the socket client loads after the page is interactive: the dot is right from the server's HTML
    const socketReady = import('../../lib/stores/socket.ts').then((m) => m.getSocket());
    const onMessage = (message: MessageDto) => {
      if (message.recipientId === props.userId && $openChat.get() !== message.userId) changeUnread(1);
    };
    const onRead = ({ messageIds, readerId }: { messageIds: string[]; readerId: string }) => {
      if (readerId === props.userId) changeUnread(-messageIds.length);
    };
    void socketReady.then((socket) => {
      if (!active || !socket) return;
      socket.on('chat-message', onMessage);
      socket.on('chat-message-read', onRead);
    });
    return () => {
      active = false;
      void socketReady.then((socket) => {
        socket?.off('chat-message', onMessage);
        socket?.off('chat-message-read', onRead);
      });
    };
  }, [props.userId, props.unread]);

  return (
    <a href={href('/chats')} className="chat-link" data-unread={shown ? 'true' : 'false'} aria-label={shown ? t('nav.chat_unread') : undefined}>
      {t('nav.chat')}
      <span className="dot" aria-hidden="true"></span>
    </a>
  );
}
