import type { ComponentType } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useT, type IslandProps } from './i18n.ts';

/** Wraps an island's root so that a crash inside it shows the crash screen. */
export function island<P extends IslandProps>(Inner: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const { t, href } = useT(props);
    return (
      <ErrorBoundary title={t('app.crash_title')} refresh={t('app.refresh')} root={href('/')}>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Island.displayName = `Island(${Inner.displayName ?? Inner.name})`;
  return Island;
}
