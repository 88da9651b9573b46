import { Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useT, type IslandProps } from './i18n.ts';
import { messagesOf, type IslandMessages } from './message-files.ts';

/** What a page passes an island: its messages may be the address of their file. */
export type IslandPageProps<P extends IslandProps> = Omit<P, 'messages'> & { messages: IslandMessages };

/**
 * Wraps an island's root so that a crash inside it shows the crash screen. The boundary around
 * it lets an island whose message file is late keep its server HTML until the file comes
 * (React shows no fallback in place of HTML it is hydrating).
 */
export function island<P extends IslandProps>(Inner: ComponentType<P>): ComponentType<IslandPageProps<P>> {
  function WithMessages(pageProps: IslandPageProps<P>) {
    const props = { ...pageProps, messages: messagesOf(pageProps.messages) } as P;
    const { t, href } = useT(props);
    return (
      <ErrorBoundary title={t('app.crash_title')} refresh={t('app.refresh')} root={href('/')}>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  function Island(pageProps: IslandPageProps<P>) {
    return (
      <Suspense fallback={null}>
        <WithMessages {...pageProps} />
      </Suspense>
    );
  }
  Island.displayName = `Island(${Inner.displayName ?? Inner.name})`;
  return Island;
}
