import { calendarDate } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { PeriodoItems } from '../tramites/periodo-items.tsx';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { validarSolicitud } from './autorizacion-rules.ts';
import { type AutorizacionDetalle, autorizacionesApi, autorizacionKeys } from './autorizaciones-api.ts';

type Values = { descripcion?: string; fechaDesde?: Dayjs | null; fechaHasta?: Dayjs | null };
const FIELDS = ['descripcion', 'fechaDesde', 'fechaHasta'] as const;

export type NuevaSolicitudFormProps = {
  tramite: { idTramite: number; fechaDesde: string; fechaHasta: string };
  feedback: ReturnType<typeof useFeedback>;
  onCreada?: (a: AutorizacionDetalle) => void;
};

/** 'Nueva solicitud': what the provider asks for and the period of the attentions to load. */
export function NuevaSolicitudForm({ tramite: t, feedback, onCreada }: NuevaSolicitudFormProps) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const desde = dayjs(calendarDate(t.fechaDesde) ?? undefined);
  const hasta = dayjs(calendarDate(t.fechaHasta) ?? undefined);
  const crear = useEnvio({
    mutationFn: (v: Values) =>
      autorizacionesApi.create(t.idTramite, {
        descripcion: (v.descripcion ?? '').trim().toUpperCase(),
        fechaDesde: v.fechaDesde?.format('YYYY-MM-DD') ?? '',
        fechaHasta: v.fechaHasta?.format('YYYY-MM-DD') ?? '',
      }),
  });

  function submit(v: Values) {
    if (crear.isPending) return;
    const errores = validarSolicitud({
      descripcion: v.descripcion,
      fechaDesde: v.fechaDesde?.format('YYYY-MM-DD'),
      fechaHasta: v.fechaHasta?.format('YYYY-MM-DD'),
    });
    if (errores) {
      const campos = FIELDS.filter((k) => k in errores);
      form.setFields(campos.map((k) => ({ name: k, errors: [errores[k]] })));
      if (campos[0]) form.scrollToField(campos[0], { focus: true, block: 'nearest' });
      return;
    }
    crear.mutate(v, {
      onSuccess: (res) => {
        feedback.success(res.mensaje);
        form.resetFields();
        void queryClient.invalidateQueries({ queryKey: autorizacionKeys.all });
        void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
        onCreada?.(res.item);
      },
      onError: (e) => {
        const fields = e instanceof ApiError ? e.fields : undefined;
        const known = FIELDS.filter((k) => fields && k in fields);
        if (fields && known.length) {
          form.setFields(known.map((k) => ({ name: k, errors: [fields[k]] })));
          return;
        }
        feedback.errorDialog(MSG.error, e.message);
        if (e instanceof ApiError && e.status === 409)
          void queryClient.invalidateQueries({ queryKey: autorizacionKeys.all });
      },
    });
  }

  const fuera = (d: Dayjs) => d.isBefore(desde, 'day') || d.isAfter(hasta, 'day');

  return (
    <Form<Values>
      form={form}
      name={`solicitud_${t.idTramite}`}
      layout="vertical"
      onFinish={submit}
      requiredMark
      style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12, marginTop: 12 }}
    >
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 0 }}>
        Nueva solicitud
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="descripcion"
            label="Descripción"
            rules={[{ required: true, whitespace: true, message: MSG.campoRequerido('Descripción') }]}
            normalize={(v: string) => v?.toUpperCase()}
          >
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={500}
              placeholder="Motivo de la solicitud"
            />
          </Form.Item>
        </Col>
        <PeriodoItems col={{ xs: 12, md: 6 }} disabledDate={fuera} />
      </Row>
      <Button type="primary" htmlType="submit" loading={crear.isPending}>
        Registrar solicitud
      </Button>
    </Form>
  );
}
