import { parseId } from '@app/domain/common/ids';
import { Alert, Card, Flex, Select } from 'antd';
import { useState } from 'react';
import { botonesExportar } from '../../components/botones-exportar.tsx';
import type { FormatoExport } from '../../components/exportar.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PeriodoSelect } from '../../components/periodo-select.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useFeedback } from '../../components/use-feedback.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { detailPath } from '../tramites/tramite-rules.ts';
import { tramitesApi } from '../tramites/tramites-api.ts';
import { EnvioBotones } from './envio-botones.tsx';
import { tipoInicial } from './observaciones-rules.ts';
import { RevisionTabla } from './revision-tabla.tsx';
import { useTramiteDeRuta } from './use-tramite-de-ruta.tsx';

const TIPOS = [
  { value: 'M', label: 'Auditoría Médica (M)' },
  { value: 'D', label: 'Gestión Documental (D)' },
];
const VISTAS = [
  { value: 'todas', label: 'Todas' },
  { value: 'pendientes', label: 'Sin respuesta' },
  { value: 'por-resolver', label: 'Respondidas por decidir' },
];

/**
 * /observaciones-tramite/{t} (docs/spec-summary.md 001 §2.7 'Pending-observations review screen', 16–20): rows only
 * once a load (period) and a type are chosen; 17 opens with M, 19 with D. Paged in the server; the
 * auditor decides on each answer (the glosa stands, is reduced or withdrawn).
 */
export default function RevisionObservacionesPage() {
  const { sp, set, idPerfil, idTramite, tituloTramite, tramite: t, fallo } = useTramiteDeRuta();
  const feedback = useFeedback();
  const tipo = tipoInicial(idPerfil, sp.get('tipo'));
  const idCarga = parseId(sp.get('idCarga')) ?? undefined;
  const vista = sp.get('vista') ?? 'todas';
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const [exportando, setExportando] = useState(false);

  if (fallo || idTramite === null) return fallo;

  async function exportar(formato: FormatoExport) {
    setExportando(true);
    try {
      await tramitesApi.observacionesExport(idTramite ?? 0, { tipo, idCarga }, formato);
    } catch (e) {
      feedback.errorDialog('Error al descargar el archivo', errorMessage(e, ''));
    } finally {
      setExportando(false);
    }
  }

  return (
    <>
      {feedback.contextHolder}
      <PageHeader
        title={`Observaciones del trámite${t ? ` ${t.numero}` : ''}`}
        breadcrumb={[
          { title: 'Trámites', href: '/tramite' },
          { title: tituloTramite, href: detailPath(idPerfil, idTramite) },
          { title: 'Observaciones' },
        ]}
        tag={t ? <StateTag state={t.estadoTramite} /> : undefined}
        extra={[
          t ? (
            <EnvioBotones key="envio" tramite={t} idPerfil={idPerfil} feedback={feedback} enlace={false} />
          ) : null,
          ...botonesExportar(exportando, exportar),
        ]}
      />
      <Card variant="borderless">
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <PeriodoSelect
            aria-label="Periodo"
            idTramite={idTramite}
            value={idCarga}
            onChange={(v) => set({ idCarga: v })}
          />
          <Select
            aria-label="Tipo de observación"
            style={{ minWidth: 220 }}
            placeholder="Tipo de observación"
            value={tipo}
            options={TIPOS}
            onChange={(v: string) => set({ tipo: v })}
          />
          <Select
            aria-label="Mostrar"
            style={{ minWidth: 220 }}
            value={vista}
            options={VISTAS}
            onChange={(v: string) => set({ vista: v === 'todas' ? undefined : v })}
          />
        </Flex>
        {t && idCarga !== undefined && tipo ? (
          <RevisionTabla
            tramite={t}
            idPerfil={idPerfil}
            filtro={{
              tipo,
              idCarga,
              respondida: vista === 'pendientes' ? 'no' : undefined,
              porResolver: vista === 'por-resolver' ? 'si' : undefined,
            }}
            page={page}
            onPage={(p) => set({ page: p > 1 ? p : undefined })}
            feedback={feedback}
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Seleccione el periodo (carga) y el tipo de observación para ver las observaciones."
          />
        )}
      </Card>
    </>
  );
}
