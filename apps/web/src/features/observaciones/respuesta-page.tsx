import { formatCalendarDate } from '@app/domain/common/format';
import { parseId } from '@app/domain/common/ids';
import { MSG_OBSERVACION, TIPO_OBSERVACION_TEXTO } from '@app/domain/observaciones/messages';
import type { NivelObservacion } from '@app/domain/observaciones/rules';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Result, Select, Skeleton, Table } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorRetryPage } from '../../components/error-retry.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { ArchivosRespuesta } from './archivos-respuesta.tsx';
import { TextoDictado } from './dictado.tsx';
import { type ObservacionDetalle, obsApi, obsKeys } from './observaciones-api.ts';
import { dash } from './tabla-de-tramite.tsx';

type Valores = { idRespuesta?: number | null; respuesta?: string };

/** Back to the procedure's observations, on the tab of the level answered. */
const listaPath = (o: ObservacionDetalle) =>
  `/tramite-observaciones/${o.planilla.idTramite}?tab=${o.nivel === 'PLANILLA' ? 'cabecera' : 'detalle'}`;

/**
 * /pla-obs-respuesta/{id}/{tipo} and /pla-det-obs-respuesta/{id}/{tipo} (docs/spec-summary.md 001 §2.7): the
 * attention, the observation read-only, and the provider's answer (standard answer and/or text with
 * dictation), plus supporting documents for the observed attention.
 */
export default function RespuestaPage({ nivel }: { nivel: NivelObservacion }) {
  const params = useParams();
  const id = parseId(params.id);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valores>();

  const q = useQuery({
    queryKey: obsKeys.detalle(nivel, id ?? 0),
    queryFn: ({ signal }) => obsApi.detalle(nivel, id ?? 0, signal),
    enabled: id !== null,
  });
  const o = q.data;
  const abierta = !!o && o.permisos.puedeResponder && o.ronda !== null && !o.fechaEnvioRespuesta;
  const respuestas = useQuery({
    queryKey: obsKeys.respuestas(o?.planilla.idTramite ?? 0),
    queryFn: ({ signal }) => obsApi.respuestas(o?.planilla.idTramite ?? 0, signal),
    enabled: abierta,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (o) form.setFieldsValue({ idRespuesta: o.idRespuesta, respuesta: o.respuestaComplementaria ?? '' });
  }, [o, form]);

  const guardar = useEnvio({
    mutationFn: (v: Valores) => {
      const texto = v.respuesta?.trim() ? v.respuesta.trim().toUpperCase() : null;
      return obsApi.responder(nivel, id ?? 0, {
        idRespuesta: v.idRespuesta ?? undefined,
        respuesta: texto,
        version: o?.version ?? 0,
      });
    },
    onSuccess: (r) => {
      feedback.success(r.mensaje || MSG_OBSERVACION.respuestaRegistrada);
      void qc.invalidateQueries({ queryKey: obsKeys.all });
      if (o) navigate(listaPath(o));
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && e.status === 400 && e.fields) {
        form.setFields(
          Object.entries(e.fields).map(([name, msg]) => ({ name: name as keyof Valores, errors: [msg] })),
        );
        return;
      }
      feedback.errorDialog(MSG_OBSERVACION.errorRespuesta, e.message);
      void q.refetch();
    },
  });

  if (id === null) return <Result status="404" title="Recurso no encontrado (404)" />;
  if (q.isError && !o)
    return (
      <ErrorRetryPage error={q.error} title={MSG_PLANILLA.errorCargar} onRetry={() => void q.refetch()} />
    );
  const tipo = params.tipo === 'D' ? 'D' : 'M';
  const titulo =
    nivel === 'planilla' ? 'Respuesta a observación de la atención' : 'Respuesta a observación del detalle';

  function enviar(v: Valores) {
    if (!v.idRespuesta && !v.respuesta?.trim()) {
      form.setFields([{ name: 'respuesta', errors: [MSG_OBSERVACION.respuestaRequerida] }]);
      feedback.modal.warning({ title: MSG_OBSERVACION.respuestaRequerida, okText: 'Aceptar' });
      return;
    }
    guardar.mutate(v);
  }

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={titulo}
        breadcrumb={[
          { title: 'Trámites', href: '/tramite-carga' },
          ...(o ? [{ title: 'Observaciones', href: listaPath(o) }] : []),
          { title: titulo },
        ]}
        tag={o ? <StateTag state={o.estadoTramite} /> : undefined}
      />
      {!o ? (
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card variant="borderless" title="Atención">
            <Table
              size="small"
              pagination={false}
              rowKey="idPlanilla"
              dataSource={[o.planilla]}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: 'Número', dataIndex: 'numero' },
                { title: 'Cédula', dataIndex: 'cedula' },
                { title: 'Nombre', dataIndex: 'nombre' },
                {
                  title: 'Fecha desde',
                  dataIndex: 'fechaDesde',
                  render: (v: string) => formatCalendarDate(v),
                },
                {
                  title: 'Fecha hasta',
                  dataIndex: 'fechaHasta',
                  render: (v: string) => formatCalendarDate(v),
                },
                { title: 'Hora desde', dataIndex: 'horaDesde', render: dash },
                { title: 'Hora hasta', dataIndex: 'horaHasta', render: dash },
              ]}
            />
          </Card>
          <Card variant="borderless" title={`Observación de ${TIPO_OBSERVACION_TEXTO[tipo]}`}>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                ...(o.nivel === 'DETALLE'
                  ? [
                      {
                        key: 'cp',
                        label: 'Código / descripción del prestador',
                        children: `${dash(o.codigoDetalle)} — ${dash(o.descripcionDetalle)}`,
                      },
                      {
                        key: 'ce',
                        label: 'Código / nombre estándar',
                        children: `${dash(o.elementoCodigo)} — ${dash(o.elementoNombre)}`,
                      },
                    ]
                  : []),
                { key: 'oe', label: 'Observación estándar', children: o.observacionEstandar },
                {
                  key: 'oc',
                  label: 'Descripción complementaria',
                  children: dash(o.observacionComplementaria),
                },
              ]}
            />
            {!abierta && (
              <Alert
                style={{ marginTop: 16 }}
                type="info"
                showIcon
                title={
                  o.fechaEnvioRespuesta
                    ? MSG_OBSERVACION.respuestaYaEnviada
                    : MSG_OBSERVACION.respuestaSoloEnObservaciones(o.estadoTramite)
                }
              />
            )}
            <Form<Valores>
              form={form}
              layout="vertical"
              style={{ marginTop: 16, maxWidth: 720 }}
              disabled={!abierta}
              onFinish={enviar}
              scrollToFirstError={{ focus: true }}
            >
              <Form.Item name="idRespuesta" label="Respuesta estándar">
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder="Seleccione una respuesta estándar"
                  loading={respuestas.isFetching}
                  options={respuestas.data ?? []}
                  notFoundContent="No hay respuestas estándar registradas."
                />
              </Form.Item>
              <Form.Item name="respuesta" label="Respuesta complementaria">
                <TextoDictado aria-label="Respuesta complementaria" rows={4} />
              </Form.Item>
              {abierta && (
                <Flex gap={8}>
                  <Button type="primary" htmlType="submit" loading={guardar.isPending}>
                    Guardar
                  </Button>
                  <Button onClick={() => navigate(listaPath(o))}>Cancelar</Button>
                </Flex>
              )}
            </Form>
          </Card>
          {abierta && <ArchivosRespuesta idPlanilla={o.planilla.idPlanilla} feedback={feedback} />}
        </Flex>
      )}
    </>
  );
}
