import { useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { removeToken } from '../../lib/stores/auth.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';

function LogoutButton(props: IslandProps) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await api('auth/logout', { method: 'POST' });
    } catch (error) {
      console.error('[auth] logout failed', error);
    }
    removeToken();
    window.location.assign(href('/'));
  };
  return (
    <button type="button" className="btn btn-secondary" onClick={logout} disabled={!hydrated || busy}>
      {t('nav.logout')}
    </button>
  );
}

export default island(LogoutButton);
