import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { ObservacionTramiteItem } from './observaciones-api.ts';

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;

/** '1.234,56' or '1234.56' as the API's decimal string ('1234.56'); null when it is not one. */
export function importe(texto: string): string | null {
  const t = texto.trim().replace(/\s/g, '');
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return DECIMAL.test(normal) ? normal : null;
}

/**
 * 'Se reduce la glosa' on a line item's observation: the new approved amount of the line (the API
 * requires it: 'Para reducir la glosa indique el nuevo valor aprobado de la línea.').
 */
export function ReducirGlosaModal({
  item,
  pending,
  onOk,
  onCancel,
}: {
  item: ObservacionTramiteItem | null;
  pending: boolean;
  onOk: (valorAprobado: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ valor: string }>();
  useEffect(() => {
    if (item) form.resetFields();
  }, [item, form]);
  return (
    <Modal
      open={item !== null}
      title="Se reduce la glosa"
      okText="Registrar decisión"
      cancelText="Cancelar"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {item && (
        <p>
          Atención {item.numero}, detalle {item.codigoDetalle ?? ''}: "{item.observacionEstandar}".
        </p>
      )}
      <Form form={form} layout="vertical" onFinish={(v) => onOk(importe(v.valor) ?? '')}>
        <Form.Item
          name="valor"
          label="Nuevo valor aprobado de la línea ($)"
          rules={[
            { required: true, message: MSG_OBSERVACION.valorAprobadoRequerido },
            {
              validator: (_, v: string | undefined) =>
                !v || importe(v) !== null
                  ? Promise.resolve()
                  : Promise.reject(new Error('Ingrese un valor con hasta 2 decimales.')),
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="0,00" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
