import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../lib/client/api.ts';
import { removeToken } from '../../lib/stores/auth.ts';
import { $user, setUser } from '../../lib/stores/user.ts';
import { localizedPath, type Locale } from '../../lib/i18n/index.ts';
import { ROLE } from '../../lib/roles.ts';
import type { UserDto } from '../../lib/schemas/user.ts';
import { uploadUrl } from '../../lib/schemas/upload.ts';
import { island } from '../shared/island.tsx';
import { whenIdle } from '../shared/when-idle.ts';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { MessageModal } from '../shared/modals.tsx';
import { zoneLabel } from '../../lib/time-zone.ts';
import { useDeviceZone } from '../shared/useDeviceZone.ts';
import type { ZoneDialogProps } from './ProfileDialogs.tsx';

interface Props extends IslandProps {
  user: UserDto;
  /** The page's path without locale, to reopen it in another language. */
  path: string;
  /** The saved zone's place in the page's language (lib/i18n/zone-places.ts, on the server). */
  zonePlace: string;
}

const dialogs = () => import('./ProfileDialogs.tsx');
whenIdle(dialogs);
const InfoDialog = lazy(() => dialogs().then((m) => ({ default: m.InfoDialog })));
const EmailDialog = lazy(() => dialogs().then((m) => ({ default: m.EmailDialog })));
const EmailCodeDialog = lazy(() => dialogs().then((m) => ({ default: m.EmailCodeDialog })));
const PasswordDialog = lazy(() => dialogs().then((m) => ({ default: m.PasswordDialog })));
const CompanyDialog = lazy(() => dialogs().then((m) => ({ default: m.CompanyDialog })));
// the zones' places (16 KB) come with the zone dialog, on the click, not on idle with the others
const places = () => import('../../lib/i18n/zone-places.ts');
const ZoneDialog = lazy(() =>
  Promise.all([dialogs(), places()]).then(([m, p]) => ({ default: ({ locale, ...rest }: Omit<ZoneDialogProps, 'place'> & { locale: Locale }) => <m.ZoneDialog {...rest} place={(zone) => p.zonePlace(zone, locale)} /> })),
);
const DeleteDialog = lazy(() => dialogs().then((m) => ({ default: m.DeleteDialog })));

type Dialog = 'info' | 'email' | 'code' | 'password' | 'company' | 'zone' | 'delete' | null;

function ProfileCard(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const stored = useStore($user);
  const user = stored ?? props.user;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pendingEmail, setPendingEmail] = useState('');
  const [message, setMessage] = useState<{ title: string; text: string }>();
  const close = () => setDialog(null);
  const device = useDeviceZone(props.user.settings.timeZone, props.locale);

  useEffect(() => {
    if (!$user.get()) setUser(props.user);
  }, [props.user]);

  const logout = async () => {
    await api('auth/logout', { method: 'POST' }).catch((error: unknown) => console.error('[auth] logout failed', error));
    removeToken();
    setUser(null);
    window.location.assign(href('/'));
  };

  const initial = (user.name || user.email)[0]!.toUpperCase();

  return (
    <>
      <section className="card person" aria-labelledby="person-name">
        {user.image ? (
          <img className="photo" src={uploadUrl(user.image)} alt="" width={96} height={96} />
        ) : (
          <span className="photo placeholder" aria-hidden="true">{initial}</span>
        )}
        <div className="who">
          <h1 id="person-name">{`${user.name} ${user.surname}`.trim() || user.email}</h1>
          <p className="email" data-testid="profile-email">{user.email}</p>
        </div>
        <div className="person-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('info')} disabled={!hydrated}>{t('profile.edit_info')}</button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('email')} disabled={!hydrated}>{t('profile.edit_email')}</button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('password')} disabled={!hydrated}>{t('profile.edit_password')}</button>
          <button type="button" className="btn btn-secondary danger-text" onClick={() => setDialog('delete')} disabled={!hydrated}>{t('profile.delete_account')}</button>
          <button type="button" className="btn" onClick={logout} disabled={!hydrated}>{t('nav.logout')}</button>
        </div>
      </section>

      {user.role === ROLE.COMPANY && (
        <section className="card block" aria-labelledby="company-title">
          <div>
            <h2 id="company-title">{t('profile.company')}</h2>
            <p className="big" data-testid="company-name">{user.companyName}</p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('company')} disabled={!hydrated}>{t('profile.edit_company')}</button>
        </section>
      )}
      <section className="card block" aria-labelledby="zone-title">
        <div>
          <h2 id="zone-title">{t('profile.time_zone')}</h2>
          <p className="big" data-testid="time-zone">{zoneLabel(user.settings.timeZone, undefined, user.settings.timeZone === props.user.settings.timeZone ? props.zonePlace : undefined)}</p>
          <p className="muted zone-hint">
            {device && device.zone !== user.settings.timeZone ? t('profile.time_zone_device', { zone: zoneLabel(device.zone, undefined, device.place) }) : t('profile.time_zone_hint')}
          </p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setDialog('zone')} disabled={!hydrated}>{t('profile.edit_time_zone')}</button>
      </section>

      {user.role === ROLE.RECRUITER && user.inviteUser && (
        <section className="card block" aria-labelledby="inviter-title">
          <div>
            <h2 id="inviter-title">{t('profile.your_company')}</h2>
            <p className="big">{user.inviteUser.companyName}</p>
          </div>
        </section>
      )}
      {user.role === ROLE.CUSTOMER && user.inviteUser && (
        <section className="card block" aria-labelledby="inviter-title">
          <div>
            <h2 id="inviter-title">{t('profile.invited_by')}</h2>
            <p className="big">{`${user.inviteUser.name} ${user.inviteUser.surname}`}</p>
          </div>
        </section>
      )}

      <Suspense fallback={null}>
      {dialog === 'info' && <InfoDialog t={t} user={user} onClose={close} onDone={(lang) => (lang !== props.locale ? window.location.assign(localizedPath(props.path, lang)) : close())} />}
      {dialog === 'email' && (
        <EmailDialog
          t={t}
          current={user.email}
          onClose={close}
          onSent={(email) => {
            setPendingEmail(email);
            setDialog('code');
          }}
        />
      )}
      {dialog === 'code' && <EmailCodeDialog t={t} email={pendingEmail} onClose={close} />}
      {dialog === 'password' && <PasswordDialog t={t} onClose={close} onDone={() => { close(); setMessage({ title: t('profile.password_changed'), text: '' }); }} />}
      {dialog === 'company' && <CompanyDialog t={t} user={user} onClose={close} />}
      {dialog === 'zone' && <ZoneDialog t={t} locale={props.locale} user={user} device={device?.zone} onClose={close} />}
      {dialog === 'delete' && <DeleteDialog t={t} company={user.role === ROLE.COMPANY} onClose={close} onDeleted={() => { removeToken(); setUser(null); window.location.assign(`${href('/')}?deleted=1`); }} />}
      </Suspense>
      {message && <MessageModal title={message.title} text={message.text} closeLabel={t('app.close')} onClose={() => setMessage(undefined)} />}
    </>
  );
}

export default island(ProfileCard);
