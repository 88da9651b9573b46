import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import { getSocket } from '../../lib/stores/socket-lazy.ts';
import { TICKET_TYPES, type TicketDto, type TicketMessageDto } from '../../lib/schemas/chat.ts';
import { formatDate, formatMeetingShort } from '../../lib/dates.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { useRestoreTyped } from '../shared/restore-typed.ts';
import { FormModal } from '../shared/modals.tsx';

interface Props extends IslandProps {
  staff: boolean;
  /** The reader's saved zone (docs/decisions/0018). */
  timeZone: string;
  tickets: TicketDto[];
  open?: TicketDto;
}

function HelpApp(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const [tickets, setTickets] = useState(props.tickets);
  const [messages, setMessages] = useState<TicketMessageDto[]>(props.open?.messages ?? []);
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  useRestoreTyped('help-send-form', { text }, (typed) => setText(typed.text ?? ''));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const open = props.open;
  const [closedAt, setClosedAt] = useState(open?.closedAt ?? null);
  const [changingState, setChangingState] = useState(false);
  const [stateError, setStateError] = useState<string>();
  // the open ticket's messages already shown: one's own comes back by socket too, and a late
  // echo of it must not open again a ticket closed since
  const shown = useRef(new Set(messages.map((m) => m.id)));

  // answers arrive live for the author; staff see new tickets and messages too
  useEffect(() => {
    let active = true;
    const onMessage = ({ ticketId, message }: { ticketId: string; message: TicketMessageDto }) => {
      // a message opens a closed ticket again (the server clears it in the same transaction)
      if (open?.id === ticketId) {
        if (shown.current.has(message.id)) return;
        shown.current.add(message.id);
        setMessages((list) => [...list, message]);
        setClosedAt(null);
      } else setTickets((list) => list.map((ticket) => (ticket.id === ticketId ? { ...ticket, messagesCount: ticket.messagesCount + 1, answered: message.userId !== ticket.userId, closedAt: null } : ticket)));
    };
    const onState = (state: { id: string; closedAt: string | null }) => {
      if (open?.id === state.id) setClosedAt(state.closedAt);
      else setTickets((list) => list.map((ticket) => (ticket.id === state.id ? { ...ticket, closedAt: state.closedAt } : ticket)));
    };
    const onTicket = (ticket: TicketDto) => setTickets((list) => (list.some((x) => x.id === ticket.id) ? list : [ticket, ...list]));
    void getSocket().then((socket) => {
      if (!active || !socket) return;
      socket.on('help-message', onMessage);
      socket.on('help-ticket', onTicket);
      socket.on('help-ticket-state', onState);
    });
    return () => {
      active = false;
      void getSocket().then((socket) => {
        socket?.off('help-message', onMessage);
        socket?.off('help-ticket', onTicket);
        socket?.off('help-ticket-state', onState);
      });
    };
  }, [open?.id]);

  // the open ticket's count and state are what its dialog shows
  const lastWriter = messages.at(-1)?.userId;
  useEffect(() => {
    if (open) setTickets((list) => list.map((ticket) => (ticket.id === open.id ? { ...ticket, messagesCount: messages.length, answered: lastWriter !== undefined && lastWriter !== open.userId, closedAt } : ticket)));
  }, [open, messages.length, lastWriter, closedAt]);

  // one request at a time, a message or a change of state: their answers then come in order
  const setClosed = async (closed: boolean) => {
    if (!open || changingState || busy) return;
    setChangingState(true);
    setStateError(undefined);
    try {
      setClosedAt((await api<{ closedAt: string | null }>(`help/${open.id}`, { method: 'PUT', body: { closed } })).closedAt);
    } catch (failure) {
      setStateError(errorKey(failure));
    } finally {
      setChangingState(false);
    }
  };

  const sendMessage = async (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    if (changingState) return;
    if (!text.trim()) return setError('help.error.text');
    setBusy(true);
    setError(undefined);
    try {
      const message = await api<TicketMessageDto>(`help/${open.id}`, { method: 'POST', body: { ticketId: open.id, text } });
      if (!shown.current.has(message.id)) {
        shown.current.add(message.id);
        setMessages((list) => [...list, message]);
      }
      setClosedAt(null);
      setText('');
    } catch (failure) {
      setError(errorKey(failure, 'text'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="help">
      <aside className="card help-list" aria-labelledby="help-title">
        <div className="help-list-header">
          <h1 id="help-title">{t('help.title')}</h1>
          <button type="button" className="btn" onClick={() => setAdding(true)} disabled={!hydrated}>
            {t('help.add_ticket')}
          </button>
        </div>
        {tickets.length === 0 && <p className="muted">{t(props.staff ? 'help.empty_staff' : 'help.empty')}</p>}
        <ul>
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <a href={href(`/help/${ticket.id}`)} className="help-item" aria-current={open?.id === ticket.id ? 'page' : undefined}>
                <strong>{t(`help.type.${ticket.title}`)}</strong>
                {/* the description is the ticket's first message; messagesCount counts the replies */}
                <span className="muted">{t('help.messages', { count: ticket.messagesCount + 1 })}</span>
                <TicketState t={t} ticket={ticket} />
                {ticket.author && <span className="muted">{`${ticket.author.name} ${ticket.author.surname} · ${ticket.author.email}`}</span>}
              </a>
            </li>
          ))}
        </ul>
      </aside>
      {open ? (
        <section className="card help-dialog" aria-labelledby="ticket-title">
          <h2 id="ticket-title">{t(`help.type.${open.title}`)}</h2>
          <p className="muted">
            {formatDate(open.createdAt, props.locale, props.timeZone)}
            {open.author && ` · ${open.author.name} ${open.author.surname}`}
          </p>
          {/* one button that stays in place while its label changes: the focus stays on it */}
          <div className="help-status">
            <span role="status">
              {closedAt && <span className="badge help-state closed">{t('help.closed_at', { date: formatDate(closedAt, props.locale, props.timeZone) })}</span>}
            </span>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void setClosed(!closedAt)}
              disabled={!hydrated}
              aria-disabled={changingState || busy ? true : undefined}
            >
              {t(closedAt ? 'help.reopen' : 'help.close')}
            </button>
            {stateError && <p className="form-error" role="alert">{t(stateError)}</p>}
          </div>
          <p className="help-description">{open.description}</p>
          <ol className="help-messages" aria-live="polite">
            {messages.map((message) => (
              <li key={message.id} className={message.user.staff ? 'staff' : 'author'} data-testid="help-message">
                <span className="help-author">
                  {`${message.user.name} ${message.user.surname}`.trim()}
                  {message.user.staff && <span className="badge">{t('help.support')}</span>}
                  <time className="muted" dateTime={message.createdAt}>{formatMeetingShort(message.createdAt, props.locale, props.timeZone)}</time>
                </span>
                <p>{message.text}</p>
              </li>
            ))}
          </ol>
          <form id="help-send-form" onSubmit={sendMessage} noValidate className="help-send">
            {error && <p className="form-error" role="alert">{t(error)}</p>}
            <div className="field">
              <label htmlFor="help-text">{t('help.add_message')}</label>
              <textarea id="help-text" name="text" rows={3} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={closedAt ? 'help-closed-hint' : undefined} />
              {closedAt && <p id="help-closed-hint" className="muted">{t('help.closed_hint')}</p>}
            </div>
            <button type="submit" className="btn" disabled={!hydrated || busy}>
              {t('help.send')}
            </button>
          </form>
        </section>
      ) : (
        <section className="card help-dialog help-placeholder">
          <p className="muted">{t('help.choose')}</p>
        </section>
      )}
      {adding && <NewTicket t={t} onClose={() => setAdding(false)} onCreated={(ticket) => window.location.assign(href(`/help/${ticket.id}`))} />}
    </div>
  );
}

/** Closed, or whose turn it is: the author's to read an answer, or the support's to give one. */
function TicketState({ t, ticket }: { t: ReturnType<typeof useT>['t']; ticket: TicketDto }) {
  if (ticket.closedAt) return <span className="badge help-state closed">{t('help.closed')}</span>;
  return <span className={ticket.answered ? 'badge help-state answered' : 'badge help-state waiting'}>{t(ticket.answered ? 'help.answered' : 'help.waiting')}</span>;
}

function NewTicket({ t, onClose, onCreated }: { t: ReturnType<typeof useT>['t']; onClose: () => void; onCreated: (ticket: TicketDto) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!title) found.title = 'help.error.title';
    if (!description.trim()) found.description = 'help.error.description';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      onCreated(await api<TicketDto>('help', { method: 'POST', body: { title, description } }));
    } catch (failure) {
      // the server's word on a field goes beside it; anything else above the form
      const form = errorKey(failure);
      const named = Object.fromEntries((['title', 'description'] as const).map((field) => [field, errorKey(failure, field)]).filter(([, key]) => key !== form));
      setErrors(Object.keys(named).length ? named : { form });
      setBusy(false);
    }
  };
  return (
    <FormModal title={t('help.add_ticket')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {errors.form && <p className="form-error" role="alert">{t(errors.form)}</p>}
        <div className="field">
          <label htmlFor="ticket-type">{t('help.problem_type')}</label>
          <select id="ticket-type" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={errors.title ? true : undefined}>
            <option value="">{t('help.choose_type')}</option>
            {TICKET_TYPES.map((type) => (
              <option key={type} value={type}>{t(`help.type.${type}`)}</option>
            ))}
          </select>
          {errors.title && <p className="field-error" role="alert">{t(errors.title)}</p>}
        </div>
        <div className="field">
          <label htmlFor="ticket-description">{t('help.description')}</label>
          <textarea id="ticket-description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} aria-invalid={errors.description ? true : undefined} />
          {errors.description && <p className="field-error" role="alert">{t(errors.description)}</p>}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>{t('help.cancel')}</button>
          <button type="submit" className="btn" disabled={busy}>{t('help.create')}</button>
        </div>
      </form>
    </FormModal>
  );
}

export default island(HelpApp);
