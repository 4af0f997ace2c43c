import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { errorMessage } from '../app/error-message.ts';

/** A failed load: the server's message (or `fallback`) and 'Reintentar'. Renders nothing without an error. */
export function ErrorRetry({
  error,
  fallback,
  onRetry,
  style,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  style?: CSSProperties;
}) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      title={errorMessage(error, fallback)}
      action={
        <Button size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}
