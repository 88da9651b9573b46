import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api, errorKey } from '../../lib/client/api.ts';
import { $invites, addInvite } from '../../lib/stores/user.ts';
import { formatDate } from '../../lib/dates.ts';
import { ROLE } from '../../lib/roles.ts';
import type { InviteDto } from '../../lib/schemas/user.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { AlertModal, MessageModal } from '../shared/modals.tsx';
import { whenIdle } from '../shared/when-idle.ts';

const dialog = () => import('./InviteDialog.tsx');
whenIdle(dialog);
const InviteDialog = lazy(dialog);

type ListRole = 'recruiter' | 'customer';

interface Props extends IslandProps {
  /** The reader's saved zone (docs/decisions/0018). */
  timeZone: string;
  /** Which lists this person sees: company both, recruiter the customers. */
  lists: ListRole[];
  initial: InviteDto[];
}

function InviteLists(props: Props) {
  const { t } = useT(props);
  const stored = useStore($invites);
  const [hydrated, setHydrated] = useState(false);
  const invites = hydrated ? stored : props.initial;
  const [inviting, setInviting] = useState<ListRole>();
  const [sent, setSent] = useState(false);
  const [resending, setResending] = useState<string>();
  const [resendError, setResendError] = useState<string>();
  const [removing, setRemoving] = useState<InviteDto>();
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string>();

  useEffect(() => {
    $invites.set(props.initial);
    setHydrated(true);
  }, [props.initial]);

  const refresh = async () => {
    try {
      $invites.set(await api<InviteDto[]>('users/invite'));
    } catch (error) {
      console.error('[invites] refresh failed', error);
    }
  };

  /** An invite whose mail was not delivered is sent again as it was. */
  const sendAgain = async (entry: InviteDto) => {
    setResending(entry.email);
    try {
      await api<InviteDto>('users/invite', { method: 'POST', body: { email: entry.email, name: entry.name, surname: entry.surname, role: entry.role } });
      await refresh();
      setSent(true);
    } catch (error) {
      setResendError(errorKey(error));
    } finally {
      setResending(undefined);
    }
  };

  /** Withdraws an open invitation, or takes a registered person out of the space. */
  const remove = async (entry: InviteDto) => {
    if (removeBusy) return;
    setRemoveBusy(true);
    try {
      await api(`users/invite/${entry.inviteId}`, { method: 'DELETE' });
      setRemoving(undefined);
      await refresh();
    } catch (error) {
      setRemoving(undefined);
      setRemoveError(errorKey(error));
      // someone else may have removed it meanwhile: the list shows what is there now
      await refresh();
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <>
      {props.lists.map((list) => {
        const role = list === 'recruiter' ? ROLE.RECRUITER : ROLE.CUSTOMER;
        const entries = invites.filter((i) => i.role === role);
        const titleId = `invites-${list}`;
        return (
          <section key={list} className="card invites" aria-labelledby={titleId}>
            <header className="invites-header">
              <h2 id={titleId}>{t(list === 'recruiter' ? 'profile.my_recruiters' : 'profile.my_customers')}</h2>
              <button type="button" className="icon-btn" aria-label={t(list === 'recruiter' ? 'profile.invite_recruiter' : 'profile.invite_customer')} onClick={() => setInviting(list)} disabled={!hydrated}>
                +
              </button>
            </header>
            {entries.length === 0 ? (
              // a recruiter's list holds the customers they invited, not every customer they work with
              <p className="empty">{t(props.lists.includes('recruiter') ? 'profile.list_empty' : 'profile.list_empty_invited')}</p>
            ) : (
              <ul className="invite-list">
                {entries.map((entry) => (
                  <li key={entry.email}>
                    <div className="invite-who">
                      <strong>{`${entry.name} ${entry.surname}`}</strong>
                      <span className="muted">{entry.email}</span>
                    </div>
                    {!entry.id && entry.mail === 'failed' ? (
                      <span className="invite-state">
                        <span className="badge badge-danger" title={t('profile.not_delivered_hint', { email: entry.email })}>
                          {t('profile.not_delivered')}
                        </span>
                        <button type="button" className="btn-link" onClick={() => void sendAgain(entry)} disabled={!hydrated || resending === entry.email}>
                          {t('profile.send_again')}
                        </button>
                      </span>
                    ) : (
                      <span className={entry.id ? 'badge' : 'badge badge-muted'}>{t(entry.id ? 'profile.registered' : 'profile.invited')}</span>
                    )}
                    <time dateTime={entry.createdAt} className="muted">{formatDate(entry.createdAt, props.locale, props.timeZone)}</time>
                    {entry.inviteId && (
                      <button
                        type="button"
                        className="btn-link invite-remove"
                        aria-label={t('profile.remove_label', { name: `${entry.name} ${entry.surname}`.trim() || entry.email })}
                        onClick={() => setRemoving(entry)}
                        disabled={!hydrated}
                      >
                        {t('profile.remove')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {inviting && (
        <Suspense fallback={null}>
        <InviteDialog
          t={t}
          role={inviting}
          entries={invites}
          onClose={() => setInviting(undefined)}
          onSent={(entry) => {
            addInvite(entry);
            setInviting(undefined);
            setSent(true);
            void refresh();
          }}
        />
        </Suspense>
      )}
      {removing && (
        <AlertModal
          tone="warning"
          title={t(removing.id ? 'profile.remove_member_title' : 'profile.remove_invite_title')}
          text={t(removing.id ? 'profile.remove_member_text' : 'profile.remove_invite_text', { name: `${removing.name} ${removing.surname}`.trim(), email: removing.email })}
          confirmLabel={t(removing.id ? 'profile.remove_member_confirm' : 'profile.remove_invite_confirm')}
          cancelLabel={t('profile.cancel')}
          busy={removeBusy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(undefined)}
        />
      )}
      {removeError && <MessageModal title={t('auth.error_title')} text={t(removeError)} closeLabel={t('app.close')} onClose={() => setRemoveError(undefined)} />}
      {sent && <MessageModal title={t('profile.invite_sent')} closeLabel={t('app.close')} onClose={() => setSent(false)} />}
      {resendError && <MessageModal title={t('auth.error_title')} text={t(resendError)} closeLabel={t('app.close')} onClose={() => setResendError(undefined)} />}
    </>
  );
}

export default island(InviteLists);
