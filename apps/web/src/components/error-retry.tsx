import { Alert, Button, Result } from 'antd';
import type { CSSProperties } from 'react';
import { ForbiddenPage, NotFoundPage } from '../app/errors/error-pages.tsx';
import { ApiError } from '../lib/api.ts';
import { errorMessage } from '../lib/error-message.ts';

type ErrorRetryProps = {
  error: unknown;
  onRetry: () => void;
  style?: CSSProperties;
} & (
  | {
      /** Shown as the title when the server sent no message of its own. */
      fallback: string;
      title?: undefined;
    }
  | {
      /** A fixed title: the server's message (or `fallback`, if given) then goes beneath it as the description. */
      title: string;
      fallback?: string;
    }
);

/**
 * A failed load: the server's message (or `fallback`) and 'Reintentar'; with `title`, that title over the
 * server's message. Renders nothing without an error.
 */
export function ErrorRetry({ error, fallback, title, onRetry, style }: ErrorRetryProps) {
  if (!error) return null;
  const message = errorMessage(error, fallback ?? '');
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={title ?? message}
      description={title !== undefined && message ? message : undefined}
      action={
        <Button size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}

/**
 * A page whose main record failed to load: `title`, the server's message beneath, and 'Reintentar'. A record
 * that does not exist for this user (404: another tenant's, a draft not yet sent) or that the user may not
 * open (403) gets the not-found or forbidden page instead: retrying would not change it.
 */
export function ErrorRetryPage({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
}) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 403) return <ForbiddenPage />;
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorMessage(error, '')}
      extra={
        <Button type="primary" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}
