import { Component, type ReactNode } from 'react';

interface Props {
  title: string;
  refresh: string;
  /** The site root in the page's locale, which 'Refresh' reloads. */
  root: string;
  children: ReactNode;
}

/** A crashing island shows this instead of vanishing (SPEC.md §2, App shell). */
export class ErrorBoundary extends Component<Props, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[island] crashed', error);
    // the page's reporter (src/lib/inline/scripts.mjs): a render error never reaches window.onerror
    (window as { recruitReport?: (error: unknown) => void }).recruitReport?.(error);
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    return (
      <div className="crash" role="alert">
        <h2>{this.props.title}</h2>
        <button type="button" className="btn" onClick={() => window.location.assign(this.props.root)}>
          {this.props.refresh}
        </button>
      </div>
    );
  }
}
