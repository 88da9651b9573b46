import { Fragment, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api, errorKey } from '../../lib/client/api.ts';
import { uploadUrl } from '../../lib/schemas/upload.ts';
import { getSocket, socketWithin } from '../../lib/stores/socket-lazy.ts';
import {
  $chats,
  $messages,
  $openChat,
  addMessages,
  clearChatUnread,
  markMessagesRead,
  setChats,
  setLastMessage,
} from '../../lib/stores/chat.ts';
import type { ChatDto, ChatUser, MessageDto } from '../../lib/schemas/chat.ts';
import { MAX_MESSAGE_LENGTH } from '../../lib/chat-limits.ts';
import { ROLE } from '../../lib/roles.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { useRestoreTyped } from '../shared/restore-typed.ts';

/** The words for a contact's role (auth.role.*), by its number. */
const ROLE_NAMES: Partial<Record<number, string>> = { [ROLE.COMPANY]: 'company', [ROLE.RECRUITER]: 'recruiter', [ROLE.CUSTOMER]: 'customer' };

interface Props extends IslandProps {
  me: string;
  /** The reader's saved zone: the server's HTML and the first render agree in any browser. */
  timeZone: string;
  /** The server's clock when it rendered the page. */
  now: number;
  chats: ChatDto[];
  contacts: ChatUser[];
  /** The open dialog, when the URL names one. */
  open?: { user: ChatUser; messages: MessageDto[]; totalPages: number };
  /** Where the reader invites people, when they may: a team of one has nobody to write to yet. */
  inviteHref?: string;
}

function initials(user: ChatUser): string {
  return ((user.name[0] ?? '') + (user.surname[0] ?? '')).toUpperCase() || '?';
}

function Avatar({ user }: { user: ChatUser }) {
  return user.image ? <img className="chat-avatar" src={uploadUrl(user.image)} alt="" width={40} height={40} /> : <span className="chat-avatar" aria-hidden="true">{initials(user)}</span>;
}

/**
 * Dates and times in the reader's saved zone (docs/decisions/0018), on the server and in the
 * browser alike, so that hydration compares like with like.
 */
type Zone = string;

const tag = (locale: string) => (locale === 'ru' ? 'ru-RU' : 'en-GB');
const dayKey = (iso: string, zone: Zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));

/** A message's time; with its date when it is not from today (the chat list). */
function time(iso: string, locale: string, zone: Zone, now: number, withDate = false): string {
  const sameDay = dayKey(iso, zone) === dayKey(new Date(now).toISOString(), zone);
  const options: Intl.DateTimeFormatOptions = sameDay && !withDate ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(tag(locale), { ...options, hourCycle: 'h23', timeZone: zone }).format(new Date(iso));
}

/** The heading of a day in the dialog: 'Today', 'Yesterday', '24 November', '24 November 2025'. */
function dayLabel(iso: string, locale: string, zone: Zone, now: number, t: (key: string) => string): string {
  const key = dayKey(iso, zone);
  if (key === dayKey(new Date(now).toISOString(), zone)) return t('chat.today');
  if (key === dayKey(new Date(now - 86_400_000).toISOString(), zone)) return t('chat.yesterday');
  const sameYear = key.slice(0, 4) === dayKey(new Date(now).toISOString(), zone).slice(0, 4);
  return new Intl.DateTimeFormat(tag(locale), { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), timeZone: zone }).format(new Date(iso));
}

function ChatApp(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const zone: Zone = props.timeZone;
  // 'today' by the server's clock until hydrated, so a page rendered at midnight still matches
  const now = hydrated ? Date.now() : props.now;
  const storedChats = useStore($chats);
  const storedMessages = useStore($messages);
  const chats = hydrated ? storedChats : props.chats;
  const messages = hydrated ? storedMessages : (props.open?.messages ?? []);
  const other = props.open?.user;
  const [text, setText] = useState('');
  useRestoreTyped('chat-send-form', { text }, (typed) => setText(typed.text ?? ''));
  const [error, setError] = useState<string>();
  const [page, setPage] = useState(1);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);

  useEffect(() => {
    setChats(props.chats);
    $messages.set([]);
    if (props.open) addMessages(props.open.messages);
    $openChat.set(props.open?.user.id ?? null);
    return () => $openChat.set(null);
  }, [props.chats, props.open]);

  // opening a chat marks its unread incoming messages read, and lowers the counters
  useEffect(() => {
    if (!other) return;
    const unread = $messages.get().filter((m) => m.userId === other.id && !m.read).map((m) => m.id);
    if (!unread.length) return;
    void getSocket().then(async (socket) => {
      if (!socket) return;
      const answer = (await socket.timeout(10_000).emitWithAck('chat-message-read', { messageIds: unread }).catch(() => null)) as { ok: boolean; messageIds: string[] } | null;
      if (answer?.ok) {
        markMessagesRead(answer.messageIds);
        clearChatUnread(other.id);
      }
    });
  }, [other]);

  useEffect(() => {
    let active = true;
    const onMessage = (message: MessageDto) => {
      const incoming = message.userId !== props.me;
      const otherId = incoming ? message.userId : message.recipientId;
      if (!$chats.get().some((c) => c.user.id === otherId)) {
        const person = props.contacts.find((c) => c.id === otherId) ?? (other?.id === otherId ? other : undefined);
        if (person) setChats([{ user: person, lastMessage: message, newMessagesCount: 0 }, ...$chats.get()]);
      }
      setLastMessage(otherId, message, incoming);
      if (other && otherId === other.id) {
        addMessages([message]);
        if (incoming) {
          void getSocket().then((socket) =>
            socket?.timeout(10_000).emitWithAck('chat-message-read', { messageIds: [message.id] }).then((answer: { ok: boolean; messageIds: string[] }) => {
              if (answer.ok) markMessagesRead(answer.messageIds);
            }).catch(() => undefined),
          );
        }
      }
    };
    const onRead = ({ messageIds }: { messageIds: string[] }) => markMessagesRead(messageIds);
    void getSocket().then((socket) => {
      if (!active || !socket) return;
      socket.on('chat-message', onMessage);
      socket.on('chat-message-read', onRead);
    });
    return () => {
      active = false;
      void getSocket().then((socket) => {
        socket?.off('chat-message', onMessage);
        socket?.off('chat-message-read', onRead);
      });
    };
  }, [other, props.me, props.contacts]);

  // new messages keep the view at the bottom; older ones loaded above keep the place
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (keepFromBottom.current !== null) {
      list.scrollTop = list.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      list.scrollTop = list.scrollHeight;
    }
  }, [messages.length]);

  const loadOlder = async () => {
    if (!other || loadingOlder || page >= (props.open?.totalPages ?? 1)) return;
    setLoadingOlder(true);
    try {
      const older = await api<{ data: MessageDto[] }>(`chats/${other.id}`, { query: { page: page + 1 } });
      keepFromBottom.current = listRef.current ? listRef.current.scrollHeight - listRef.current.scrollTop : null;
      addMessages(older.data);
      setPage(page + 1);
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setLoadingOlder(false);
    }
  };

  const blank = !text.trim();
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    // whitespace-only text is never sent; anything else goes as typed
    if (blank || !other) return;
    // a long text is refused as a whole with a message, never cut to fit
    if (tooLong) return setError('chat.error.too_long');
    setError(undefined);
    // the message stays in the box with the error when the socket is not there in time
    const socket = await socketWithin(10_000);
    if (socket === undefined) return setError('chat.error.not_sent');
    if (!socket) return setError('error.common.unauthorized');
    const answer = (await socket.timeout(10_000).emitWithAck('chat-message', { recipientId: other.id, text }).catch(() => ({ ok: false, error: 'chat.error.not_sent' }))) as { ok: boolean; error?: string };
    if (answer.ok) setText('');
    else setError(answer.error ?? 'chat.error.not_sent');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const withoutChat = props.contacts.filter((c) => !chats.some((chat) => chat.user.id === c.id));
  // a dialog just started (no message yet) is listed too, first, as the one open
  const listed = other && !chats.some((chat) => chat.user.id === other.id) ? [{ user: other, lastMessage: null, newMessagesCount: 0 }, ...chats] : chats;

  return (
    <div className={`chat-app${other ? ' has-dialog' : ''}`}>
      <aside className="chat-list" aria-label={t('chat.list')}>
        <h1>{t('chat.title')}</h1>
        {listed.length === 0 && withoutChat.length > 0 && <p className="muted">{t('chat.empty')}</p>}
        {listed.length === 0 && withoutChat.length === 0 && (
          <p className="muted" data-testid="chat-nobody">
            {t('chat.nobody')} {props.inviteHref && <a href={props.inviteHref}>{t('chat.invite')}</a>}
          </p>
        )}
        <ul>
          {listed.map((chat) => (
            <li key={chat.user.id}>
              <a href={href(`/chats/${chat.user.id}`)} className="chat-item" aria-current={other?.id === chat.user.id ? 'page' : undefined}>
                <Avatar user={chat.user} />
                <span className="chat-item-body">
                  <span className="chat-item-top">
                    <strong>{`${chat.user.name} ${chat.user.surname}`}</strong>
                    {chat.lastMessage && <time dateTime={chat.lastMessage.createdAt}>{time(chat.lastMessage.createdAt, props.locale, zone, now)}</time>}
                  </span>
                  <span className="chat-item-last">{chat.lastMessage?.text}</span>
                </span>
                {chat.newMessagesCount > 0 && (
                  <span className="chat-unread" aria-label={t('chat.unread', { count: chat.newMessagesCount })}>
                    {chat.newMessagesCount}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        {withoutChat.length > 0 && (
          <details className="chat-new">
            <summary>{t('chat.start')}</summary>
            <ul>
              {withoutChat.map((person) => (
                <li key={person.id}>
                  <a href={href(`/chats/${person.id}`)} className="chat-item">
                    <Avatar user={person} />
                    <span className="chat-item-body">
                      <strong>{`${person.name} ${person.surname}`}</strong>
                      {person.role !== undefined && ROLE_NAMES[person.role] && <span className="chat-item-role">{t(`auth.role.${ROLE_NAMES[person.role]}`)}</span>}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
      </aside>
      {other ? (
        <section className="chat-dialog" aria-labelledby="dialog-title">
          <header className="chat-dialog-header">
            <a href={href('/chats')} className="chat-back" aria-label={t('chat.back')}>‹</a>
            <Avatar user={other} />
            <h2 id="dialog-title">{`${other.name} ${other.surname}`}</h2>
          </header>
          <div
            className="chat-messages"
            ref={listRef}
            onScroll={(e) => {
              if (e.currentTarget.scrollTop < 60) void loadOlder();
            }}
            role="log"
            aria-live="polite"
          >
            {page < (props.open?.totalPages ?? 1) && (
              <button type="button" className="btn-link chat-older" onClick={loadOlder} disabled={!hydrated || loadingOlder}>
                {loadingOlder ? t('app.loading') : t('chat.older')}
              </button>
            )}
            {messages.length === 0 && <p className="muted chat-none">{t('chat.no_messages')}</p>}
            {messages.map((message, index) => {
              const own = message.userId === props.me;
              // each day starts under its date: times alone do not say when
              const newDay = index === 0 || dayKey(messages[index - 1]!.createdAt, zone) !== dayKey(message.createdAt, zone);
              return (
                <Fragment key={message.id}>
                  {newDay && (
                    <p className="chat-day" data-testid="chat-day">
                      <span>{dayLabel(message.createdAt, props.locale, zone, now, t)}</span>
                    </p>
                  )}
                  <div className={`bubble ${own ? 'own' : 'theirs'}`} data-testid="chat-message">
                    <p>{message.text}</p>
                    <span className="bubble-meta">
                      <time dateTime={message.createdAt}>{time(message.createdAt, props.locale, zone, now)}</time>
                      {own && <span aria-label={message.read ? t('chat.read') : t('chat.sent')}>{message.read ? ' ✓✓' : ' ✓'}</span>}
                    </span>
                  </div>
                </Fragment>
              );
            })}
          </div>
          <form id="chat-send-form" className="chat-send" onSubmit={send}>
            {error && (
              <p className="form-error" role="alert" id="chat-error">
                {/* the translator writes the count as the language writes numbers: the limit beside it too */}
                {t(error, { count: text.length, max: new Intl.NumberFormat(tag(props.locale)).format(MAX_MESSAGE_LENGTH) })}
              </p>
            )}
            <label htmlFor="chat-text" className="visually-hidden">{t('chat.message')}</label>
            <textarea
              id="chat-text"
              name="text"
              rows={2}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (error === 'chat.error.too_long' && e.target.value.length <= MAX_MESSAGE_LENGTH) setError(undefined);
              }}
              onKeyDown={onKey}
              placeholder={t('chat.placeholder')}
              aria-invalid={tooLong ? true : undefined}
              aria-describedby={error ? 'chat-error' : undefined}
            />
            <button type="submit" className={`btn chat-send-btn${blank ? ' dimmed' : ''}`} disabled={!hydrated || blank} aria-label={t('chat.send')}>
              ➤
            </button>
          </form>
        </section>
      ) : (
        <section className="chat-dialog chat-placeholder">
          {/* with no chat yet there is none to choose: the way to a first one, or nothing beside the list's own word */}
          {listed.length > 0 ? <p className="muted">{t('chat.choose')}</p> : withoutChat.length > 0 && <p className="muted">{t('chat.choose_person')}</p>}
        </section>
      )}
    </div>
  );
}

export default island(ChatApp);
