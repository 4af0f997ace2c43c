import { ReloadOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { MSG } from '@app/domain/messages';
import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { Button, Card, Empty, Flex, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { ErrorRetry } from '../../components/error-retry.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import type { TramiteDetalle } from '../tramites/tramites-api.ts';
import { CargaModoForm } from './asignacion-carga-form.tsx';
import { SeleccionPanel } from './asignacion-seleccion-panel.tsx';
import { StaffPanel } from './asignacion-staff-panel.tsx';
import { busquedaPorEtiqueta, cuenta, FILTROS } from './asignacion-ui.tsx';
import { EncabezadoPestana } from './encabezado-pestana.tsx';
import {
  ASIGNACION_TEXTOS,
  type AsignacionForm,
  cargaEtiqueta,
  confirmacionAsignacion,
  MODOS,
  type ModoAsignacion,
  MSG_ASIGNACION,
  type TipoAsignacion,
  usuarioEtiqueta,
  validarAsignacion,
} from './revision-rules.ts';
import { useAsignacionDatos, useAsignar } from './use-asignacion.ts';
import './revision.css';

export type AsignacionTabProps = { tramite: TramiteDetalle; tipo: TipoAsignacion };

/**
 * 'Asignar Médico Auditor' / 'Asignar Gestor Documental' (docs/spec-summary.md 000 §2, §6): who holds how many
 * attentions of the procedure and how many are pending; assign selected attentions, a whole load,
 * or split a load evenly. Lists are paged by the server, so a procedure of 100,000 attentions reads
 * like one of ten.
 */
export default function AsignacionTab({ tramite: t, tipo }: AsignacionTabProps) {
  const feedback = useFeedback();
  const textos = ASIGNACION_TEXTOS[tipo];
  const params = useListParams({ namespace: tipo.toLowerCase(), filterKeys: FILTROS });
  const f = params.filters;
  const modo: ModoAsignacion = MODOS.some((m) => m.value === f.modo)
    ? (f.modo as ModoAsignacion)
    : 'seleccion';

  const { staff, cargas, usuarios, cargaList } = useAsignacionDatos(t.idTramite, tipo);

  // Picks of the three modes; the selection survives paging and filtering (antd keeps the keys).
  const [seleccion, setSeleccion] = useState<number[]>([]);
  const [idUsuario, setIdUsuario] = useState<number | null>(null);
  const [idCarga, setIdCarga] = useState<number | null>(null);
  const [idUsuarios, setIdUsuarios] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const { asignar, refresh } = useAsignar({
    tramite: t,
    tipo,
    feedback,
    onAsignado: () => {
      setSeleccion([]);
      setIdUsuarios([]);
    },
  });

  const cargaSel = cargaList.find((c) => c.idCarga === idCarga);
  const staffLabel = (id: number | null | undefined) => {
    const u = usuarios.find((s) => s.idUsuario === id);
    return u ? usuarioEtiqueta(u) : '';
  };

  function enviar(form: AsignacionForm) {
    const problema = validarAsignacion(form, tipo);
    setError(problema);
    if (problema) return;
    const c = confirmacionAsignacion(form, {
      usuario: staffLabel(form.idUsuario),
      usuarios: (form.idUsuarios ?? []).map(staffLabel),
      carga: cargaSel ? cargaEtiqueta(cargaSel) : '',
      pendientesCarga: cargaSel?.pendientes,
    });
    feedback.modal.confirm({
      title: c.title,
      content: c.content,
      okText: form.modo === 'repartir' ? 'Repartir' : 'Asignar',
      cancelText: 'Cancelar',
      onOk: () => asignar.mutateAsync(form).catch(() => undefined),
    });
  }

  const staffOptions = usuarios.map((u) => ({
    value: u.idUsuario,
    label: `${usuarioEtiqueta(u)} — ${cuenta(u.pendientes)} pendientes`,
  }));
  const cargaOptions = cargaList.map((c) => ({
    value: c.idCarga,
    label: `${cargaEtiqueta(c)} — ${cuenta(c.pendientes)} pendientes, ${cuenta(c.sinAsignar)} sin asignar`,
  }));
  // Any change of a pick clears the last validation message.
  const limpiando =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setError(null);
      set(v);
    };

  const cambiarModo = (m: ModoAsignacion) => {
    setError(null);
    params.setFilter('modo', m === 'seleccion' ? null : m);
  };

  if (staff.isError && !staff.data)
    return (
      <ErrorRetry
        error={staff.error}
        title={MSG_PLANILLA.errorLista}
        fallback={MSG.errorPeticion}
        onRetry={() => void staff.refetch()}
      />
    );

  return (
    <Flex vertical gap={16} style={{ paddingTop: 8 }}>
      {feedback.contextHolder}
      <EncabezadoPestana titulo={textos.titulo} descripcion={MSG_ASIGNACION.soloPendientes}>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh} loading={staff.isFetching}>
          Actualizar
        </Button>
      </EncabezadoPestana>

      <StaffPanel
        tipo={tipo}
        loading={staff.isLoading}
        usuarios={usuarios}
        total={staff.data?.total}
        sinAsignar={staff.data?.sinAsignar}
        onVer={(id) => {
          setError(null);
          params.update({ filters: { modo: null, asignado: id, idCarga: null, estado: null, numero: null } });
        }}
      />

      <ErrorRetry
        error={cargas.error}
        title={MSG_PLANILLA.errorLista}
        fallback={MSG.errorPeticion}
        onRetry={() => void cargas.refetch()}
      />
      {!cargas.isLoading && cargaList.length === 0 && !cargas.isError ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="El trámite no tiene atenciones para asignar."
        />
      ) : (
        <Card
          size="small"
          title={
            <Segmented<ModoAsignacion>
              aria-label="Forma de asignar"
              value={modo}
              onChange={cambiarModo}
              options={MODOS.map((m) => ({ value: m.value, label: m.label }))}
            />
          }
        >
          {modo === 'seleccion' ? (
            <SeleccionPanel
              tramite={t}
              tipo={tipo}
              params={params}
              usuarios={usuarios}
              cargas={cargaList}
              seleccion={seleccion}
              onSeleccion={limpiando(setSeleccion)}
            />
          ) : (
            <CargaModoForm
              tipo={tipo}
              modo={modo}
              usuarios={usuarios}
              cargasLoading={cargas.isLoading}
              cargaOptions={cargaOptions}
              staffOptions={staffOptions}
              idCarga={idCarga}
              onCarga={limpiando(setIdCarga)}
              cargaSel={cargaSel}
              idUsuario={idUsuario}
              onUsuario={limpiando(setIdUsuario)}
              idUsuarios={idUsuarios}
              onUsuarios={limpiando(setIdUsuarios)}
            />
          )}

          <Flex align="center" gap={12} wrap style={{ marginTop: 16 }}>
            {modo === 'seleccion' && (
              <>
                <Typography.Text strong aria-live="polite">
                  {cuenta(seleccion.length)} {seleccion.length === 1 ? 'seleccionada' : 'seleccionadas'}
                </Typography.Text>
                {seleccion.length > 0 && (
                  <Button type="link" size="small" onClick={() => setSeleccion([])}>
                    Quitar selección
                  </Button>
                )}
                <Select
                  aria-label={`Asignar a (${textos.rol})`}
                  placeholder={`Asignar a (${textos.rol})`}
                  value={idUsuario ?? undefined}
                  onChange={(v?: number) => limpiando(setIdUsuario)(v ?? null)}
                  options={staffOptions}
                  showSearch={busquedaPorEtiqueta}
                  allowClear
                  style={{ minWidth: 320 }}
                  popupMatchSelectWidth={false}
                />
              </>
            )}
            <Button
              type="primary"
              icon={modo === 'repartir' ? <TeamOutlined aria-hidden /> : <UserAddOutlined aria-hidden />}
              loading={asignar.isPending}
              onClick={() =>
                enviar(
                  modo === 'seleccion'
                    ? { modo, idUsuario, idPlanillas: seleccion }
                    : modo === 'carga'
                      ? { modo, idUsuario, idCarga }
                      : { modo, idUsuarios, idCarga },
                )
              }
            >
              {modo === 'seleccion'
                ? 'Asignar seleccionadas'
                : modo === 'carga'
                  ? 'Asignar carga'
                  : 'Repartir carga'}
            </Button>
            {error && (
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
            )}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
