import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useI18n } from '@agentflow/shared';

interface Props {
  /** Receives the retry count so children can start a fresh load. */
  children: (attempt: number) => ReactNode;
}

interface State {
  error: Error | null;
  attempt: number;
}

/** Catches a remote that fails to load or throws, and offers to retry it. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Agentflow: a page failed', error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error) return <ErrorScreen onRetry={this.retry} />;
    return this.props.children(this.state.attempt);
  }
}

export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <section className="error-screen" role="alert" aria-live="assertive">
      <h1>{t('errors.title')}</h1>
      <p>{t('errors.body')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('errors.tryAgain')}
      </button>
    </section>
  );
}
