import {
  calendarDate,
  formatCount,
  formatDate,
  formatDateTime,
  formatPeriod,
} from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { MSG_TRAMITE } from '@app/domain/tramites/messages';
import { asignacionTexto } from '@app/domain/tramites/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, type DescriptionsProps, Flex, Form, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { enfocarPrimerError } from '../../components/formulario-modal.ts';
import { StateTag } from '../../components/state-tag.tsx';
import { TarjetaInformacion } from '../../components/tarjeta-informacion.tsx';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { PeriodoItems } from './periodo-items.tsx';
import { frecuenciaLabel, semanaTexto } from './tramite-rules.ts';
import { type TramiteDetalle, tramiteKeys, tramitesApi } from './tramites-api.ts';
import { UpperTextArea } from './upper-text-area.tsx';

type Feedback = ReturnType<typeof useFeedback>;

export type TramiteInfoProps = {
  tramite: TramiteDetalle;
  /** The provider may change dates and description (REGISTRADO only). */
  editable: boolean;
  feedback: Feedback;
};

/** The info block: key fields, the secondary ones behind '(+) Más información', inline edit while REGISTRADO. */
export function TramiteInfo({ tramite: t, editable, feedback }: TramiteInfoProps) {
  const main: NonNullable<DescriptionsProps['items']> = [
    { key: 'numero', label: 'Número', children: t.numero },
    { key: 'estado', label: 'Estado', children: <StateTag state={t.estadoTramite} /> },
    { key: 'prestador', label: 'Prestador', children: t.nombreComercial },
    { key: 'servicio', label: 'Servicio', children: t.servicioNombre },
    ...(editable ? [] : [{ key: 'periodo', label: 'Período', children: formatPeriod(t) }]),
    { key: 'frecuencia', label: 'Frecuencia de carga', children: frecuenciaLabel(t.frecuenciaCarga) },
  ];
  const more: NonNullable<DescriptionsProps['items']> = [
    { key: 'fechaReg', label: 'Fecha de registro', children: formatDateTime(t.fechaReg) },
    { key: 'semana', label: 'Semana', children: semanaTexto(t) },
    { key: 'aseguradora', label: 'Aseguradora', children: t.aseguradorNombre },
    { key: 'asignado', label: 'Asignación', children: asignacionTexto(t.tipoAsignacion) },
    { key: 'cargas', label: 'Cargas activas', children: formatCount(t.numCargas) || '0' },
    { key: 'atenciones', label: 'Atenciones médicas', children: formatCount(t.numPlanillas) || '0' },
    { key: 'iniAud', label: 'Inicio de auditoría', children: formatDate(t.fechaIniAud) || '—' },
    { key: 'finAud', label: 'Fin de auditoría', children: formatDate(t.fechaFinAud) || '—' },
  ];
  const descripcion: NonNullable<DescriptionsProps['items']> = editable
    ? []
    : [{ key: 'descripcion', label: 'Descripción', span: 'filled', children: t.descripcion?.toUpperCase() }];

  return (
    <TarjetaInformacion
      titulo="Información del trámite"
      principal={main}
      mas={more}
      final={descripcion}
      abierta
    >
      {editable && <EditForm tramite={t} feedback={feedback} />}
    </TarjetaInformacion>
  );
}

type EditValues = { fechaDesde: Dayjs | null; fechaHasta: Dayjs | null; descripcion: string };
const FIELDS = ['fechaDesde', 'fechaHasta', 'descripcion'] as const;

/** Dates and description while REGISTRADO, saved with 'Actualizar' (the version guards concurrent edits). */
function EditForm({ tramite: t, feedback }: { tramite: TramiteDetalle; feedback: Feedback }) {
  const [form] = Form.useForm<EditValues>();
  const queryClient = useQueryClient();
  const save = useEnvio({
    mutationFn: (v: EditValues) =>
      tramitesApi.update(t.idTramite, {
        fechaDesde: v.fechaDesde?.format('YYYY-MM-DD') ?? '',
        fechaHasta: v.fechaHasta?.format('YYYY-MM-DD') ?? '',
        descripcion: (v.descripcion ?? '').trim().toUpperCase(),
        version: t.version,
      }),
  });
  const initial: EditValues = {
    fechaDesde: calendarDate(t.fechaDesde) ? dayjs(calendarDate(t.fechaDesde)) : null,
    fechaHasta: calendarDate(t.fechaHasta) ? dayjs(calendarDate(t.fechaHasta)) : null,
    descripcion: t.descripcion ?? '',
  };
  const required = (label: string) => [{ required: true, message: MSG.campoRequerido(label) }];

  function submit(v: EditValues) {
    if (save.isPending) return;
    save.mutate(v, {
      onSuccess: (res) => {
        feedback.success(res.mensaje);
        queryClient.setQueryData(tramiteKeys.detail(t.idTramite), res.item);
        void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
      },
      onError: (e) => {
        const fields = e instanceof ApiError ? e.fields : undefined;
        const known = FIELDS.filter((k) => fields && k in fields);
        if (fields && known.length > 0) {
          form.setFields(known.map((k) => ({ name: k, errors: [fields[k]] })));
          form.scrollToField(known[0], { focus: true, block: 'nearest' });
          return;
        }
        feedback.modal.error({
          title: MSG.error,
          content: (
            <>
              <p style={{ margin: '4px 0 0' }}>{MSG_TRAMITE.errorGuardar}</p>
              {e.message && <p style={{ margin: '4px 0 0' }}>{e.message}</p>}
            </>
          ),
          okText: 'Aceptar',
        });
        if (e instanceof ApiError && e.status === 409)
          void queryClient.invalidateQueries({ queryKey: tramiteKeys.detail(t.idTramite) });
      },
    });
  }

  return (
    <Form<EditValues>
      form={form}
      name={`tramite_${t.idTramite}`}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onFinishFailed={enfocarPrimerError(form)}
      requiredMark
      style={{ marginTop: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}
      key={t.version}
    >
      <Row gutter={16} align="top">
        <PeriodoItems col={{ xs: 24, md: 6 }} />
        <Col xs={24} md={12}>
          <Form.Item name="descripcion" label="Descripción" rules={required('Descripción')}>
            <UpperTextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
          Las fechas y la descripción pueden modificarse mientras el trámite está REGISTRADO.
        </span>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Actualizar
        </Button>
      </Flex>
    </Form>
  );
}
