import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import type { TipoRevision } from '@app/domain/planillas/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { planillaApi, planillaKeys } from '../planilla-form/planilla-api.ts';
import { TextoDictado } from './dictado.tsx';
import { nivelDe, type ObservacionItem, obsApi, obsKeys } from './observaciones-api.ts';
import { dash } from './tabla-de-tramite.tsx';

type Feedback = ReturnType<typeof useFeedback>;
type Valores = { idPlanillaDet?: number | null; idObservacion?: number; descripcion?: string };

export type ObservacionModalProps = {
  open: boolean;
  tipo: TipoRevision;
  /** The observation to edit; absent: create. */
  item?: ObservacionItem | null;
  /** Create on this attention (the user may pick one of its line items instead). */
  idPlanilla?: number;
  /** Create on this line item only (the line item's observations screen). */
  idPlanillaDet?: number;
  feedback: Feedback;
  onClose: () => void;
};

/** Create / edit an observation: standard observation (required), complementary text with dictation. */
export function ObservacionModal({
  open,
  tipo,
  item,
  idPlanilla,
  idPlanillaDet,
  feedback,
  onClose,
}: ObservacionModalProps) {
  const [form] = Form.useForm<Valores>();
  const qc = useQueryClient();
  const editar = !!item;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (item)
      form.setFieldsValue({
        idObservacion: item.idObservacion,
        descripcion: item.observacionComplementaria ?? '',
      });
  }, [open, item, form]);

  const estandar = useQuery({
    queryKey: obsKeys.estandar(tipo),
    queryFn: ({ signal }) => obsApi.estandar(tipo, signal),
    enabled: open,
    staleTime: 60_000,
  });
  const lineas = useQuery({
    queryKey: planillaKeys.sub(idPlanilla ?? 0, 'detalles', { estado: '1', page: 1, pageSize: 100 }),
    queryFn: ({ signal }) =>
      planillaApi.detalles(idPlanilla ?? 0, { estado: '1', page: 1, pageSize: 100 }, signal),
    enabled: open && !editar && !!idPlanilla && !idPlanillaDet,
  });

  const guardar = useEnvio({
    mutationFn: (v: Valores) => {
      const descripcion = v.descripcion?.trim() ? v.descripcion.trim().toUpperCase() : null;
      const idObservacion = v.idObservacion ?? 0;
      if (item)
        return obsApi.editar(nivelDe(item), item.id, {
          tipo,
          idObservacion,
          descripcion,
          version: item.version,
        });
      const det = idPlanillaDet ?? v.idPlanillaDet ?? null;
      return det
        ? obsApi.crear('detalle', det, { tipo, idObservacion, descripcion })
        : obsApi.crear('planilla', idPlanilla ?? 0, { tipo, idObservacion, descripcion });
    },
    onSuccess: (res) => {
      feedback.success(res.mensaje);
      void qc.invalidateQueries({ queryKey: obsKeys.all });
      onClose();
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && e.status === 400 && e.fields) {
        form.setFields(
          Object.entries(e.fields).map(([name, msg]) => ({ name: name as keyof Valores, errors: [msg] })),
        );
        return;
      }
      // Another process's observation, a stale version, a sent one: the server says which.
      feedback.errorDialog(MSG_OBSERVACION.errorGuardar, e.message);
      void qc.invalidateQueries({ queryKey: obsKeys.all });
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={editar ? 'Editar observación' : 'Nueva observación'}
      okText="Guardar"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={guardar.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<Valores>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(v) => guardar.mutate(v)}
        scrollToFirstError={{ focus: true }}
      >
        {!editar && idPlanilla && !idPlanillaDet && (
          <Form.Item name="idPlanillaDet" label="Detalle (opcional: vacío observa la atención)">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="La atención completa"
              loading={lineas.isFetching}
              options={(lineas.data?.items ?? []).map((d) => ({
                value: d.idPlanillaDet,
                label: `${d.codigo} — ${d.descripcion ?? d.elementoNombre ?? ''}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="idObservacion"
          label="Observación estándar"
          rules={[{ required: true, message: MSG_OBSERVACION.observacionEstandarRequerida }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="Seleccione o escriba para filtrar"
            loading={estandar.isFetching}
            options={estandar.data ?? []}
            notFoundContent={
              estandar.isFetching ? 'Cargando…' : 'No hay observaciones estándar de este tipo.'
            }
          />
        </Form.Item>
        <Form.Item name="descripcion" label="Observación complementaria">
          <TextoDictado aria-label="Observación complementaria" />
        </Form.Item>
      </Form>
      {item && (
        <Descriptions
          size="small"
          column={1}
          bordered
          title="Respuesta del prestador"
          items={[
            { key: 're', label: 'Respuesta estándar', children: dash(item.respuestaEstandar) },
            { key: 'rc', label: 'Respuesta complementaria', children: dash(item.respuestaComplementaria) },
          ]}
        />
      )}
    </Modal>
  );
}
