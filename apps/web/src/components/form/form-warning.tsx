import { Alert, Form } from 'antd';
import type { Row } from './field-spec.ts';

/**
 * A warning about the values being typed that does not stop the save (a company's RUC), shown above
 * the buttons as the user types: a catalogue's `warning`, or any function of the form's values.
 */
export function FormWarning({ warning }: { warning: (values: Row) => string | null | undefined }) {
  const values = Form.useWatch([], { preserve: true }) as Row | undefined;
  const aviso = values ? warning(values) : null;
  return aviso ? <Alert type="warning" showIcon title={aviso} style={{ marginBottom: 12 }} /> : null;
}
