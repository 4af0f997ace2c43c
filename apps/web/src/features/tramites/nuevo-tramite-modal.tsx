import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, InputNumber, Modal, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useAvisoCambios } from '../../app/aviso-salida.tsx';
import { campoEnFoco } from '../../components/campo-en-foco.ts';
import { matchesSearch } from '../../components/catalog/catalog-values.ts';
import { enfocarPrimerError, modalDeFormulario } from '../../components/formulario-modal.ts';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { PeriodoItems } from './periodo-items.tsx';
import { nuevoTramitePayload, requerido, validarNuevoTramite } from './tramite-rules.ts';
import { type TramiteDetalle, tramiteKeys, tramitesApi } from './tramites-api.ts';
import { UpperTextArea } from './upper-text-area.tsx';
import { usePrestadores, useServicios } from './use-catalogos.ts';

type Values = {
  idPrestador?: number;
  idServicio?: number;
  fechaDesde?: Dayjs | null;
  fechaHasta?: Dayjs | null;
  frecuenciaCarga?: 'S' | 'M';
  maxSemanas?: number | null;
  descripcion?: string;
};

const FIELD_ORDER = [
  'idPrestador',
  'idServicio',
  'fechaDesde',
  'fechaHasta',
  'frecuenciaCarga',
  'maxSemanas',
  'descripcion',
] as const;

export type NuevoTramiteModalProps = {
  open: boolean;
  onClose: () => void;
  onCreated?: (t: TramiteDetalle) => void;
};

/** 'Nuevo trámite' (provider): provider, service, period, load frequency and description. */
export function NuevoTramiteModal({ open, onClose, onCreated }: NuevoTramiteModalProps) {
  const [form] = Form.useForm<Values>();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const prestadores = usePrestadores();
  const servicios = useServicios();
  const frecuencia = Form.useWatch('frecuenciaCarga', form);
  // One request per submit, however often 'Guardar' is pressed (issue 14 §2).
  const save = useEnvio({ mutationFn: tramitesApi.create });
  const saving = save.isPending;
  // Leaving the page with the form half-filled asks first (issue 14 §4).
  const cambios = useAvisoCambios(form, open);

  function showErrors(errors: Record<string, string>, fallback?: string) {
    const known = FIELD_ORDER.filter((k) => k in errors);
    if (known.length === 0) {
      feedback.saveError(Object.values(errors)[0] ?? fallback);
      return;
    }
    form.setFields(known.map((k) => ({ name: k, errors: [errors[k]] })));
    form.scrollToField(known[0], { focus: true, block: 'nearest' });
  }

  function submit(v: Values) {
    if (saving) return;
    const body = nuevoTramitePayload({
      ...v,
      fechaDesde: v.fechaDesde?.format('YYYY-MM-DD') ?? null,
      fechaHasta: v.fechaHasta?.format('YYYY-MM-DD') ?? null,
    });
    const errors = validarNuevoTramite(body);
    if (errors) {
      showErrors(errors);
      return;
    }
    save.mutate(body, {
      onSuccess: (res) => {
        cambios.guardado();
        feedback.success(res.mensaje);
        void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
        onClose();
        onCreated?.(res.item);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0)
          showErrors(e.fields, e.message);
        else feedback.saveError(e.message);
      },
    });
  }

  const prestadorOptions = (prestadores.data ?? []).map((p) => ({
    value: p.idPrestador,
    label: p.nombreComercial,
  }));
  const servicioOptions = (servicios.data?.items ?? []).map((s) => ({
    value: s.idServicio,
    label: s.nombre,
  }));
  const required = (label: string) => [{ required: true, message: requerido(label) }];

  return (
    <>
      {feedback.contextHolder}
      <Modal
        open={open}
        title="Nuevo trámite"
        width={640}
        okText="Guardar"
        cancelText="Cancelar"
        {...modalDeFormulario(saving, onClose)}
        afterOpenChange={(isOpen) => {
          if (!isOpen) return;
          if (prestadorOptions.length === 1) form.setFieldValue('idPrestador', prestadorOptions[0].value);
          // The first field to fill, unless the user already went into one while the modal was opening.
          if (!campoEnFoco()) form.focusField(prestadorOptions.length === 1 ? 'idServicio' : 'idPrestador');
        }}
        modalRender={(dom) => (
          <Form<Values>
            form={form}
            name="nuevo_tramite"
            layout="vertical"
            initialValues={{ frecuenciaCarga: 'M' }}
            onFinish={submit}
            onFinishFailed={enfocarPrimerError(form)}
            clearOnDestroy
            requiredMark
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item name="idPrestador" label="Prestador" rules={required('Prestador')}>
          <Select
            placeholder="Seleccione"
            options={prestadorOptions}
            loading={prestadores.isLoading}
            showSearch={{ filterOption: (input, o) => matchesSearch(input, String(o?.label ?? '')) }}
            notFoundContent={prestadores.isError ? 'No se pudo cargar la lista.' : undefined}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="idServicio" label="Servicio" rules={required('Servicio')}>
              <Radio.Group options={servicioOptions} optionType="button" buttonStyle="solid" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="frecuenciaCarga"
              label="Frecuencia de carga"
              rules={required('Frecuencia de carga')}
            >
              <Radio.Group
                options={[
                  { value: 'S', label: 'Semanal' },
                  { value: 'M', label: 'Mensual' },
                ]}
                optionType="button"
                buttonStyle="solid"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <PeriodoItems col={{ span: 8 }} />
          <Col span={8}>
            {frecuencia === 'S' && (
              <Form.Item
                name="maxSemanas"
                label="Máx. semanas"
                tooltip="Opcional: si lo deja vacío se calcula del período."
              >
                <InputNumber
                  min={1}
                  max={60}
                  precision={0}
                  placeholder="Según el período"
                  style={{ width: '100%' }}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item name="descripcion" label="Descripción" rules={required('Descripción')}>
          <UpperTextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Modal>
    </>
  );
}
