import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckOutlined,
  DownOutlined,
  FilePdfOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { formatCount, formatDate, formatDateTime, formatMoney } from '@app/domain/common/format';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { reviewType, type TipoRevision } from '@app/domain/planillas/permissions';
import { planillaUpdateSchema } from '@app/domain/planillas/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  type DescriptionsProps,
  Dropdown,
  Flex,
  Form,
  Grid,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  TimePicker,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { StateTag } from '../../components/StateTag.tsx';
import type { useFeedback } from '../../components/useFeedback.tsx';
import { TotalesAtencion } from '../detalles/TotalesResumen.tsx';
import { openPdf } from '../tramites/download.ts';
import { DiagnosticoModal } from './DiagnosticoModal.tsx';
import { DiagnosticosField, type NombreDiag, type Nombres } from './DiagnosticosField.tsx';
import { type OtraAtencion, type Planilla, planillaApi, planillaKeys } from './planilla-api.ts';
import {
  type AccionTeclado,
  ATAJOS,
  accionDeTecla,
  accionesRevision,
  avisoFinDeSemana,
  cuerpoGuardar,
  DIAG_SLOTS,
  type DiagSlot,
  diagField,
  diagNombre,
  estadoDe,
  type FormValues,
  limitesFecha,
  NOMBRE_TIPO,
  periodoCarga,
  resolveTab,
  TAB_LABELS,
  type TabPlanilla,
  tabsPlanilla,
  valoresIniciales,
} from './planilla-rules.ts';
import { type Transicion, usePlanillaAcciones } from './use-planilla-acciones.tsx';
import './planilla-form.css';

const DetalleTab = lazy(() => import('../detalles/DetallesAuditoria.tsx'));
const ArchivosTab = lazy(() => import('./ArchivosTab.tsx'));
const ObservacionesTab = lazy(() => import('../observaciones/ObservacionesPlanillaTab.tsx'));
const OtrasTab = lazy(() => import('./OtrasTab.tsx'));
const AuditoriaTab = lazy(() => import('./AuditoriaTab.tsx'));
const ActivarDetalleTab = lazy(() => import('./ActivarDetalleTab.tsx'));

type Feedback = ReturnType<typeof useFeedback>;

export type PlanillaRecordProps = {
  planilla: Planilla;
  idPerfil: number;
  feedback: Feedback;
  /** The popup: compact diagnoses, no next/previous, and a review closes the window. */
  popup?: boolean;
  /** Opens another attention (next pending, another of the patient). */
  onIr: (idPlanilla: number, idTramite?: number) => void;
  /** A review was registered; the page opens the next pending one, the popup tells its opener. */
  onRevisada: (siguiente: number | null) => void;
};

const DATE_FORMAT = 'DD/MM/YYYY';
const FIELDS = [
  'cedula',
  'nombre',
  ...DIAG_SLOTS.map(diagField),
  'codigoVal',
  'fechaDesde',
  'fechaHasta',
  'horaDesde',
  'horaHasta',
] as const;

const comparable = (v: FormValues) => JSON.stringify(cuerpoGuardar(v, 0));

function nombresIniciales(p: Planilla): Nombres {
  const out: Nombres = {};
  for (const n of DIAG_SLOTS) {
    const codigo = p[diagField(n)];
    if (codigo) {
      const texto = diagNombre(p, n);
      out[n] = { codigo, texto, estado: texto ? 'ok' : 'noEncontrado' };
    }
  }
  return out;
}

/**
 * One attention, as the auditor works on it (spec 000 §2, UX 'The auditor's screen'): the review bar
 * always in view (previous/next pending, register the review, reset, supervisor close/reopen,
 * keyboard shortcuts), the weekend notice, the record's fields with its diagnoses, status and
 * templates, and the tabs. Used by the page and the popup.
 */
export function PlanillaRecord({
  planilla: p,
  idPerfil,
  feedback,
  popup,
  onIr,
  onRevisada,
}: PlanillaRecordProps) {
  const [form] = Form.useForm<FormValues>();
  const formName = `planilla_${p.idPlanilla}`;
  const queryClient = useQueryClient();
  /** The server's current record replaces the form, unsaved edits included (after a 409). */
  const recargar = async () => {
    await queryClient.refetchQueries({ queryKey: planillaKeys.detail(p.idPlanilla), exact: true });
    const fresh = queryClient.getQueryData<Planilla>(planillaKeys.detail(p.idPlanilla));
    if (!fresh) return;
    const nuevos = valoresIniciales(fresh);
    form.setFieldsValue(nuevos);
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    base.current = comparable(nuevos);
    setNombres(nombresIniciales(fresh));
  };
  const acc = usePlanillaAcciones(p, feedback, recargar);
  const acciones = accionesRevision(p);
  const tipoNavegacion = reviewType(idPerfil);
  // How many of the load still wait for this user: where they are in a long review.
  const pendientes = useQuery({
    queryKey: planillaKeys.sub(p.idPlanilla, 'pendientes', [
      p.idCarga,
      tipoNavegacion,
      p.version,
      p.estadoAud,
      p.estadoDoc,
    ]),
    queryFn: ({ signal }) =>
      planillaApi.pendientes(
        { idTramite: p.idTramite, idCarga: p.idCarga, tipo: tipoNavegacion as TipoRevision },
        signal,
      ),
    enabled: !popup && !!tipoNavegacion,
  });
  const editable = p.permisos.puedeEditar && p.estado === 1;
  const editableAM = editable && p.permisos.puedeAM;
  // The auditor's screen (UX): documents beside the data on wide screens, in their tab otherwise.
  const screens = Grid.useBreakpoint();
  const panelDocs = !popup && p.numArchivos > 0 && screens.xl === true;

  // ---- form state: the values last synced from the server, to tell unsaved edits apart
  const base = useRef(comparable(valoresIniciales(p)));
  const [nombres, setNombres] = useState<Nombres>(() => nombresIniciales(p));
  const setNombre = useCallback(
    (n: DiagSlot, v: NombreDiag | undefined) => setNombres((old) => ({ ...old, [n]: v })),
    [],
  );
  const hayCambios = () => comparable(form.getFieldsValue(true) as FormValues) !== base.current;

  // A newer version from the server replaces the fields unless the user has unsaved edits.
  useEffect(() => {
    const nuevos = valoresIniciales(p);
    if (
      comparable(form.getFieldsValue(true) as FormValues) === base.current ||
      comparable(nuevos) === base.current
    ) {
      form.setFieldsValue(nuevos);
      setNombres(nombresIniciales(p));
    }
    base.current = comparable(nuevos);
  }, [p, form]);

  // ---- diagnosis lookup
  const [lookup, setLookup] = useState<{ slot: DiagSlot; texto: string } | null>(null);

  // ---- tabs in the URL
  const [searchParams, setSearchParams] = useSearchParams();
  const visibles = tabsPlanilla(idPerfil, p.estadoTramite);
  const tab = resolveTab(searchParams.get('tab'), visibles);
  const setTab = useCallback(
    (key: string) =>
      setSearchParams(
        (sp) => {
          const out = new URLSearchParams(sp);
          out.set('tab', key);
          return out;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // ---- save
  async function guardar(): Promise<Planilla | null> {
    const v = form.getFieldsValue(true) as FormValues;
    const body = cuerpoGuardar(v, p.version);
    const errores = new Map<string, string>();
    const parsed = planillaUpdateSchema.safeParse(body);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const k = String(i.path[0] ?? '');
        if (k && !errores.has(k)) errores.set(k, i.message);
      }
    }
    for (const n of DIAG_SLOTS) {
      const f = diagField(n);
      const nombre = nombres[n];
      if (nombre?.estado === 'noEncontrado' && nombre.codigo === body[f] && !errores.has(f))
        errores.set(f, MSG_PLANILLA.diagnosticoNoEncontrado);
    }
    form.setFields(
      FIELDS.map((name) => ({ name, errors: errores.has(name) ? [errores.get(name) as string] : [] })),
    );
    if (errores.size > 0) {
      const first = FIELDS.find((f) => errores.has(f));
      if (first) form.scrollToField(first, { focus: true, block: 'nearest' });
      return null;
    }
    try {
      const res = await acc.guardar.mutateAsync(body);
      // A second press while the first save runs is ignored (issue 14 §2).
      if (!res) return null;
      const nuevos = valoresIniciales(res.item);
      form.setFieldsValue(nuevos);
      base.current = comparable(nuevos);
      setNombres(nombresIniciales(res.item));
      return res.item;
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : undefined;
      const known = FIELDS.filter((k) => fields && k in fields);
      if (fields && known.length > 0) {
        form.setFields(known.map((k) => ({ name: k, errors: [fields[k]] })));
        form.scrollToField(known[0], { focus: true, block: 'nearest' });
      } else if (e instanceof ApiError && e.status === 409) acc.conflicto(e);
      else feedback.saveError((e as Error).message);
      return null;
    }
  }

  // ---- review
  function registrarRevision() {
    const tipo = acciones.revisar;
    if (!tipo) {
      const t = p.permisos.puedeRevisar;
      if (!t)
        feedback.notification.warning({ title: MSG.error, description: MSG_PLANILLA.perfilNoAutorizado });
      else
        feedback.notification.info({
          title: `Revisión ${NOMBRE_TIPO[t]}`,
          description: `La revisión ${NOMBRE_TIPO[t]} de esta atención ya está ${estadoDe(p, t)}.`,
        });
      return;
    }
    const enviar = (version: number) =>
      acc.revisar.mutate(
        { tipo, version },
        {
          onSuccess: (res) => {
            if (!popup) feedback.success(res.mensaje);
            void acc.refrescar();
            onRevisada(res.siguiente);
          },
        },
      );
    if (editable && hayCambios()) {
      feedback.modal.confirm({
        title: 'Hay cambios sin guardar en la atención.',
        content: 'Se guardarán antes de registrar la revisión.',
        okText: 'Guardar y registrar',
        cancelText: 'Cancelar',
        onOk: async () => {
          const saved = await guardar();
          if (saved) enviar(saved.version);
        },
      });
    } else enviar(p.version);
  }

  function transicion(accion: Transicion, tipo: TipoRevision) {
    const t = NOMBRE_TIPO[tipo];
    if (accion === 'reiniciar') {
      feedback.modal.confirm({
        title: `¿Reiniciar la revisión ${t} a PENDIENTE?`,
        content: 'La atención volverá a la lista de pendientes.',
        okText: 'Reiniciar',
        cancelText: 'Cancelar',
        onOk: () => acc.transicion.mutateAsync({ accion, tipo }).catch(() => undefined),
      });
    } else acc.transicion.mutate({ accion, tipo });
  }

  function finalizarCarga(tipo: TipoRevision) {
    const t = NOMBRE_TIPO[tipo];
    feedback.modal.confirm({
      title: `¿Finalizar las revisiones ${t} de la carga?`,
      content: `Todas las atenciones de esta carga con revisión ${t} REVISADA y sin observaciones sin responder pasarán a FINALIZADA.`,
      okText: 'Finalizar revisadas',
      cancelText: 'Cancelar',
      onOk: () => acc.finalizarCarga.mutateAsync(tipo).catch(() => undefined),
    });
  }

  // ---- previous / next pending (the page only)
  const [buscandoPendiente, setBuscandoPendiente] = useState<'anterior' | 'siguiente' | null>(null);
  async function irPendiente(anterior: boolean) {
    if (!tipoNavegacion || popup) return;
    const ir = async () => {
      setBuscandoPendiente(anterior ? 'anterior' : 'siguiente');
      const id = await acc.pendiente(tipoNavegacion, anterior);
      setBuscandoPendiente(null);
      if (id) onIr(id);
    };
    if (editable && hayCambios()) {
      feedback.modal.confirm({
        title: 'Hay cambios sin guardar en la atención.',
        content: 'Si continúa, se descartarán.',
        okText: 'Descartar y continuar',
        cancelText: 'Cancelar',
        onOk: ir,
      });
    } else await ir();
  }

  // ---- keyboard
  const disponibles: AccionTeclado[] = popup
    ? ['revisar', 'guardar', 'archivos']
    : ['siguiente', 'anterior', 'revisar', 'guardar', 'archivos'];
  const ocupado = acc.ocupado || buscandoPendiente !== null;
  const ocupadoRef = useRef(ocupado);
  ocupadoRef.current = ocupado;
  const teclado = useRef<(a: AccionTeclado) => void>(() => undefined);
  teclado.current = (a: AccionTeclado) => {
    if (a === 'siguiente') void irPendiente(false);
    else if (a === 'anterior') void irPendiente(true);
    else if (a === 'revisar') registrarRevision();
    else if (a === 'guardar') {
      if (editable) void guardar();
    } else if (a === 'archivos') {
      const panel = document.getElementById('pf-documentos');
      if (panel) {
        panel.scrollIntoView({ block: 'nearest' });
        panel.focus();
        return;
      }
      setTab('archivos');
      requestAnimationFrame(() => document.getElementById('pf-tabs-tab-archivos')?.focus());
    }
  };
  const disponiblesKey = disponibles.join(',');
  useEffect(() => {
    const lista = disponiblesKey.split(',') as AccionTeclado[];
    const onKey = (e: KeyboardEvent) => {
      const a = accionDeTecla(e, lista);
      if (!a) return;
      // Not while a dialog (the diagnosis lookup, a confirmation) has the focus.
      const target = e.target instanceof Element ? e.target : null;
      if (
        target?.closest('[role="dialog"]') ||
        document.querySelector('.ant-modal-wrap:not([style*="display: none"])')
      )
        return;
      e.preventDefault();
      if (ocupadoRef.current) return;
      teclado.current(a);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disponiblesKey]);

  // ---- pieces
  const fechaDesdeSel = Form.useWatch('fechaDesde', form) as Dayjs | null | undefined;
  const aviso = avisoFinDeSemana(
    fechaDesdeSel === undefined ? p.fechaDesde : fechaDesdeSel?.format('YYYY-MM-DD'),
  );

  const reviewBar = (
    <Flex
      className="pf-actions"
      align="center"
      justify="space-between"
      gap={8}
      wrap
      role="toolbar"
      aria-label="Revisión"
      data-tour="revision-barra"
    >
      <Space size={8} wrap>
        <StateTag state={p.estadoAud}>AM: {p.estadoAud}</StateTag>
        <StateTag state={p.estadoDoc}>GD: {p.estadoDoc}</StateTag>
        {p.estado !== 1 && <StateTag state="ERROR">ANULADA</StateTag>}
        <Button
          size="small"
          icon={<FilePdfOutlined />}
          onClick={() =>
            openPdf(`/planillas/${p.idPlanilla}/resumen.pdf`).catch((e: Error) => {
              feedback.errorDialog('No se pudo generar el PDF de la atención.', e.message);
            })
          }
        >
          PDF
        </Button>
      </Space>
      <Space size={8} wrap>
        {!popup && tipoNavegacion && (
          <>
            {pendientes.data && (
              <Tooltip title="Atenciones de esta carga que esperan su revisión">
                <Typography.Text type="secondary" aria-live="polite">
                  {pendientes.data.pendientes === 1
                    ? '1 pendiente'
                    : `${formatCount(pendientes.data.pendientes) || '0'} pendientes`}
                </Typography.Text>
              </Tooltip>
            )}
            <Button
              icon={<ArrowLeftOutlined />}
              loading={buscandoPendiente === 'anterior'}
              disabled={ocupado}
              onClick={() => void irPendiente(true)}
            >
              Anterior pendiente
            </Button>
            <Button
              loading={buscandoPendiente === 'siguiente'}
              disabled={ocupado}
              onClick={() => void irPendiente(false)}
            >
              Siguiente pendiente <ArrowRightOutlined />
            </Button>
          </>
        )}
        {acciones.revisar && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={acc.revisar.isPending}
            disabled={ocupado && !acc.revisar.isPending}
            onClick={registrarRevision}
          >
            Registrar revisión {NOMBRE_TIPO[acciones.revisar]}
          </Button>
        )}
        {acciones.reiniciar && (
          <Button
            disabled={ocupado}
            onClick={() => transicion('reiniciar', acciones.reiniciar as TipoRevision)}
          >
            Reiniciar a PENDIENTE
          </Button>
        )}
        {acciones.finalizar.map((t) => (
          <Button
            key={`fin-${t}`}
            type={acciones.revisar ? 'default' : 'primary'}
            disabled={ocupado}
            loading={acc.transicion.isPending && acc.transicion.variables?.accion === 'finalizar'}
            onClick={() => transicion('finalizar', t)}
          >
            Finalizar revisión {NOMBRE_TIPO[t]}
          </Button>
        ))}
        {acciones.reabrir.map((t) => (
          <Button key={`rea-${t}`} disabled={ocupado} onClick={() => transicion('reabrir', t)}>
            Reabrir revisión {NOMBRE_TIPO[t]}
          </Button>
        ))}
        {acciones.finalizarCarga.length > 0 && (
          <Dropdown
            trigger={['click']}
            disabled={ocupado}
            menu={{
              items: acciones.finalizarCarga.map((t) => ({
                key: t,
                label: `Finalizar revisadas ${NOMBRE_TIPO[t]} de la carga`,
              })),
              onClick: ({ key }) => finalizarCarga(key as TipoRevision),
            }}
          >
            <Button loading={acc.finalizarCarga.isPending}>
              Supervisión <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <Tooltip
          placement="bottomRight"
          title={
            <div>
              <div style={{ fontWeight: 600, marginBottom: 4 }}>Atajos de teclado</div>
              {ATAJOS.filter((a) => disponibles.includes(a.accion)).map((a) => (
                <div key={a.code}>
                  <span className="pf-kbd">{a.teclas}</span> {a.descripcion}
                </div>
              ))}
            </div>
          }
        >
          <Button
            type="text"
            shape="circle"
            icon={<QuestionCircleOutlined />}
            aria-label="Atajos de teclado"
            data-tour="revision-atajos"
          />
        </Tooltip>
      </Space>
    </Flex>
  );

  const estado: NonNullable<DescriptionsProps['items']> = [
    { key: 'numero', label: 'Número', children: p.numero },
    { key: 'numeroExt', label: 'Número externo', children: p.numeroExt || '—' },
    {
      key: 'medico',
      label: 'Médico',
      children: p.nombreMedico ? `${p.nombreMedico}${p.cedulaMedico ? ` (${p.cedulaMedico})` : ''}` : '—',
    },
    {
      key: 'estadoAud',
      label: 'Estado AM',
      children: (
        <Flex vertical gap={2}>
          <StateTag state={p.estadoAud} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.usuarioMed ?? 'Sin médico auditor asignado'}
            {p.fechaAud ? ` · ${formatDateTime(p.fechaAud)}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'estadoDoc',
      label: 'Estado GD',
      children: (
        <Flex vertical gap={2}>
          <StateTag state={p.estadoDoc} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.usuarioDoc ?? 'Sin gestor documental asignado'}
            {p.fechaDoc ? ` · ${formatDateTime(p.fechaDoc)}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'nivel', label: 'Nivel', children: p.nivel === 2 ? 'Segundo nivel' : 'Primer nivel' },
    { key: 'duplicada', label: 'Duplicada', children: p.duplicada === 1 ? 'Sí' : 'No' },
    {
      key: 'total',
      label: 'Total',
      children: `${formatMoney(p.total) || '$ 0,00'} (${formatCount(p.numDetalles) || '0'} ${p.numDetalles === 1 ? 'detalle' : 'detalles'})`,
    },
    {
      key: 'valores',
      label: 'Valores',
      span: 'filled',
      children: <TotalesAtencion idPlanilla={p.idPlanilla} />,
    },
    { key: 'periodo', label: 'Periodo de la carga', children: periodoCarga(p) },
    {
      key: 'act',
      label: 'Última actualización',
      children: p.fechaAct ? formatDateTime(p.fechaAct) : '—',
    },
  ];

  const contenido: Record<TabPlanilla, ReactNode> = {
    detalle: <DetalleTab planilla={p} />,
    archivos: <ArchivosTab planilla={p} vistaPrevia={!panelDocs} alturaVista={popup ? 480 : 560} />,
    'obs-am': <ObservacionesTab planilla={p} tipo="M" />,
    'obs-gd': <ObservacionesTab planilla={p} tipo="D" />,
    otras: <OtrasTab planilla={p} onOpen={(o: OtraAtencion) => onIr(o.idPlanilla, o.idTramite)} />,
    auditoria: <AuditoriaTab planilla={p} />,
    activar: <ActivarDetalleTab planilla={p} feedback={feedback} />,
  };

  const formulario = (
    <Form<FormValues>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={valoresIniciales(p)}
      disabled={!editable}
      onFinish={() => void guardar()}
      requiredMark
    >
      <Row gutter={12}>
        <Col xs={24} sm={8} md={popup ? 6 : 7}>
          <Form.Item name="cedula" label="Cédula" required>
            <Input maxLength={13} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={popup ? 12 : 11}>
          <Form.Item
            name="nombre"
            label="Nombre"
            required
            normalize={(v?: string) => (v ?? '').toUpperCase()}
          >
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="codigoVal" label="Aut./Cod. Val.">
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <DiagnosticosField
        form={form}
        formName={formName}
        nombres={nombres}
        setNombre={setNombre}
        editable={editableAM}
        buscando={lookup?.slot ?? null}
        onBuscar={(slot, texto) => setLookup({ slot, texto })}
        compacto={popup}
      />
      <Row gutter={12}>
        <Col xs={12} md={6}>
          <Form.Item name="fechaDesde" label="Fecha desde" required>
            <DatePicker
              format={DATE_FORMAT}
              placeholder="dd/mm/aaaa"
              style={{ width: '100%' }}
              disabledDate={limitesFecha(p.fechaDesdeCarga, p.fechaHastaCarga)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="horaDesde" label="Hora desde">
            <TimePicker format="HH:mm" placeholder="hh:mm" style={{ width: '100%' }} needConfirm={false} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="fechaHasta" label="Fecha hasta" required>
            <DatePicker
              format={DATE_FORMAT}
              placeholder="dd/mm/aaaa"
              style={{ width: '100%' }}
              disabledDate={limitesFecha(p.fechaDesdeCarga, p.fechaHastaCarga, fechaDesdeSel)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="horaHasta" label="Hora hasta">
            <TimePicker format="HH:mm" placeholder="hh:mm" style={{ width: '100%' }} needConfirm={false} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {editable
            ? `Las fechas deben estar dentro del periodo de la carga (${periodoCarga(p)}).`
            : p.estado !== 1
              ? 'La atención está anulada: no puede modificarse.'
              : 'Solo lectura: la atención se modifica con el trámite RECIBIDO, EN PROCESO o PLANILLAJE y por su médico auditor o gestor documental.'}
        </Typography.Text>
        {editable && (
          <Button
            type="primary"
            htmlType="submit"
            loading={acc.guardar.isPending}
            disabled={ocupado && !acc.guardar.isPending}
          >
            Actualizar
          </Button>
        )}
      </Flex>
    </Form>
  );

  return (
    <>
      {reviewBar}
      {aviso && <Alert type="warning" showIcon title={aviso} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        <Col xs={24} xl={panelDocs ? 14 : 24}>
          <Row gutter={16}>
            <Col xs={24} lg={popup || panelDocs ? 24 : 15}>
              <Card
                variant="borderless"
                size="small"
                title="Datos de la atención"
                style={{ marginBottom: 16 }}
              >
                {formulario}
              </Card>
            </Col>
            <Col xs={24} lg={popup || panelDocs ? 24 : 9}>
              <Card variant="borderless" size="small" title="Estado" style={{ marginBottom: 16 }}>
                <Descriptions
                  size="small"
                  column={popup || panelDocs ? { xs: 1, sm: 2, md: 3 } : 1}
                  items={estado}
                />
                <Plantillas planilla={p} editable={editableAM} acc={acc} feedback={feedback} />
              </Card>
            </Col>
          </Row>
          <Card variant="borderless" styles={{ body: { padding: '0 16px 16px' } }}>
            <Tabs
              id="pf-tabs"
              tabBarGutter={24}
              activeKey={tab}
              onChange={setTab}
              destroyOnHidden
              items={visibles.map((key) => ({
                key,
                label: TAB_LABELS[key],
                children: (
                  <Suspense
                    fallback={
                      <Flex justify="center" style={{ padding: 32 }}>
                        <Spin />
                      </Flex>
                    }
                  >
                    {contenido[key]}
                  </Suspense>
                ),
              }))}
            />
          </Card>
        </Col>
        {panelDocs && (
          <Col xl={10}>
            <section
              id="pf-documentos"
              tabIndex={-1}
              aria-label="Documentos de la atención"
              className="pf-documentos"
              data-tour="planilla-documentos"
            >
              <Card variant="borderless" size="small" title="Documentos">
                <Suspense
                  fallback={
                    <Flex justify="center" style={{ padding: 32 }}>
                      <Spin />
                    </Flex>
                  }
                >
                  <ArchivosTab planilla={p} vistaPrevia alturaVista={520} />
                </Suspense>
              </Card>
            </section>
          </Col>
        )}
      </Row>
      <DiagnosticoModal
        open={lookup !== null}
        slot={lookup?.slot ?? null}
        inicial={lookup?.texto}
        onClose={() => setLookup(null)}
        onPick={(d) => {
          if (!lookup) return;
          const f = diagField(lookup.slot);
          form.setFieldValue(f, d.codigo);
          form.setFields([{ name: f, errors: [] }]);
          setNombre(lookup.slot, { codigo: d.codigo, texto: d.nombre, estado: 'ok' });
          setLookup(null);
          requestAnimationFrame(() => document.getElementById(`${formName}_${f}`)?.focus());
        }}
      />
    </>
  );
}

/** Templates of the company: apply only when the attention has none, remove only when it has one. */
function Plantillas({
  planilla: p,
  editable,
  acc,
  feedback,
}: {
  planilla: Planilla;
  editable: boolean;
  acc: ReturnType<typeof usePlanillaAcciones>;
  feedback: Feedback;
}) {
  const [sel, setSel] = useState<number | null>(null);
  const lista = useQuery({
    queryKey: planillaKeys.plantillas,
    queryFn: ({ signal }) => planillaApi.plantillas(signal),
    enabled: editable,
    staleTime: 5 * 60_000,
  });
  const warn = (content: string) =>
    feedback.modal.warning({ title: 'Advertencia', content, okText: 'Aceptar' });

  function aplicar() {
    if (p.idPlantilla !== null) return warn(MSG_PLANILLA.plantillaYaAsignada);
    if (!sel) return warn(MSG_PLANILLA.seleccionePlantilla);
    acc.plantilla.mutate({ aplicar: true, idPlantilla: sel }, { onSuccess: () => setSel(null) });
  }
  function quitar() {
    if (p.idPlantilla === null) return warn(MSG_PLANILLA.plantillaNoAsignada);
    feedback.modal.confirm({
      title: `¿Quitar la plantilla ${p.plantillaNombre ?? ''}?`,
      content: 'Se retirarán de la atención los detalles que agregó la plantilla y se recalculará el total.',
      okText: 'Quitar plantilla',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => acc.plantilla.mutateAsync({ aplicar: false }).catch(() => undefined),
    });
  }

  return (
    <Flex vertical gap={8} style={{ marginTop: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
      <Typography.Text>
        Plantilla: <strong>{p.plantillaNombre ?? 'Sin plantilla'}</strong>
      </Typography.Text>
      {editable && (
        <>
          <Select<number>
            aria-label="Plantilla"
            placeholder="Seleccione una plantilla"
            value={sel ?? undefined}
            onChange={setSel}
            loading={lista.isPending}
            status={lista.isError ? 'error' : undefined}
            notFoundContent={
              lista.isError ? 'No se pudieron cargar las plantillas.' : 'No hay plantillas de la empresa.'
            }
            options={(lista.data ?? []).map((t) => ({
              value: t.idPlantilla,
              label: `${t.nombre} (${formatCount(t.numElementos) || '0'} elementos)`,
            }))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
          />
          <Space wrap>
            <Button
              onClick={aplicar}
              loading={acc.plantilla.isPending && acc.plantilla.variables?.aplicar === true}
            >
              Aplicar plantilla
            </Button>
            <Button
              danger
              onClick={quitar}
              loading={acc.plantilla.isPending && acc.plantilla.variables?.aplicar === false}
            >
              Quitar plantilla
            </Button>
          </Space>
        </>
      )}
      {!editable && p.fechaDesde && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Atención del {formatDate(p.fechaDesde)}
          {p.horaDesde ? ` ${p.horaDesde}` : ''} al {formatDate(p.fechaHasta)}
          {p.horaHasta ? ` ${p.horaHasta}` : ''}.
        </Typography.Text>
      )}
    </Flex>
  );
}
