import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { MSG } from '@app/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { type Autorizacion, autorizacionesApi, autorizacionKeys } from './autorizaciones-api.ts';

type Feedback = ReturnType<typeof useFeedback>;
export type Resolucion = 'aprobar' | 'rechazar' | 'anular';

const TITULOS: Record<Resolucion, string> = {
  aprobar: 'Aprobar autorización',
  rechazar: 'Rechazar autorización',
  anular: 'Anular solicitud',
};

/**
 * Approve (optional observation), reject (the reason is required) or annul a request, with the server's
 * message as feedback; every list and detail of authorizations and procedures is refreshed after.
 */
export function useResolver(feedback: Feedback) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<{ a: Autorizacion; accion: Resolucion } | null>(null);
  const [form] = Form.useForm<{ observacion?: string }>();
  const mutation = useEnvio({
    mutationFn: (v: { a: Autorizacion; accion: Resolucion; observacion?: string }) =>
      autorizacionesApi.resolver(v.a.idAutorizacion, v.accion, v.observacion),
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: autorizacionKeys.all });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
  };

  function submit(observacion?: string) {
    if (!target || mutation.isPending) return;
    mutation.mutate(
      { ...target, observacion: observacion?.trim() || undefined },
      {
        onSuccess: (res) => {
          feedback.success(res.mensaje);
          setTarget(null);
          form.resetFields();
          refresh();
        },
        onError: (e) => {
          const campo = e instanceof ApiError ? e.fields?.observacion : undefined;
          if (campo) {
            form.setFields([{ name: 'observacion', errors: [campo] }]);
            return;
          }
          feedback.errorDialog(MSG.error, e.message);
          if (e instanceof ApiError && (e.status === 409 || e.status === 404)) {
            setTarget(null);
            refresh();
          }
        },
      },
    );
  }

  const iniciar = (a: Autorizacion, accion: Resolucion) => {
    form.resetFields();
    setTarget({ a, accion });
  };

  const element = (
    <Modal
      open={target !== null}
      title={target ? `${TITULOS[target.accion]} ${target.a.idAutorizacion}` : ''}
      okText={target ? TITULOS[target.accion].split(' ')[0] : 'Aceptar'}
      okButtonProps={{ danger: target?.accion !== 'aprobar', loading: mutation.isPending }}
      cancelText="Cancelar"
      onCancel={() => !mutation.isPending && setTarget(null)}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {target && (
        <>
          <Typography.Paragraph>
            {target.a.descripcion}
            <br />
            <Typography.Text type="secondary">
              Solicitada por {target.a.usuarioSolicita ?? '—'}.
              {target.accion === 'anular'
                ? ' La solicitud quedará ANULADA y podrá registrar otra.'
                : target.accion === 'aprobar'
                  ? ' El prestador podrá cargar atenciones del período de la autorización.'
                  : ' El prestador verá el motivo del rechazo.'}
            </Typography.Text>
          </Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            name="resolver-autorizacion"
            onFinish={(v) => submit(v.observacion)}
            requiredMark
          >
            {target.accion !== 'anular' && (
              <Form.Item
                name="observacion"
                label="Observación"
                rules={
                  target.accion === 'rechazar'
                    ? [{ required: true, whitespace: true, message: MSG_AUTORIZACION.observacionRechazo }]
                    : []
                }
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} showCount />
              </Form.Item>
            )}
          </Form>
        </>
      )}
    </Modal>
  );

  return { iniciar, element, pending: mutation.isPending };
}
