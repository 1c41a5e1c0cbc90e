import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Last-resort boundary above the providers (the router has its own error page). Plain markup:
 * the theme or i18n may be what failed.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ fontFamily: 'system-ui, sans-serif', padding: 48, textAlign: 'center' }}>
        <h1>FUNDRAISER CONSOLE</h1>
        <p>Something went wrong. Please reload the page. / Algo salió mal. Vuelve a cargar la página.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload / Recargar
        </button>
      </main>
    );
  }
}
