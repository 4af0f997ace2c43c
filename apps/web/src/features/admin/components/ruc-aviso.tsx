import { rucCheck } from '@app/domain';
import { Alert, Form } from 'antd';

/** A company's RUC warning (third digit 6 or 9) shown as the user types it. */
export function RucAviso({ field }: { field: string }) {
  const ruc = Form.useWatch(field) as string | undefined;
  const aviso = ruc && /^\d{13}$/.test(ruc) ? rucCheck(ruc).warning : undefined;
  return aviso ? <Alert type="warning" showIcon title={aviso} style={{ marginBottom: 12 }} /> : null;
}
