import type { ComponentType } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useT, type IslandProps } from './i18n.ts';
import { messagesOf, type IslandMessages } from './message-files.ts';

/** What a page passes an island: its messages may be the address of their file. */
export type IslandPageProps<P extends IslandProps> = Omit<P, 'messages'> & { messages: IslandMessages };

/** Wraps an island's root so that a crash inside it shows the crash screen. */
export function island<P extends IslandProps>(Inner: ComponentType<P>): ComponentType<IslandPageProps<P>> {
  function Island(pageProps: IslandPageProps<P>) {
    const props = { ...pageProps, messages: messagesOf(pageProps.messages) } as P;
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
