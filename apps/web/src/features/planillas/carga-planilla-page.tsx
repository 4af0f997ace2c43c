import { MSG_PLANILLA } from '@app/domain/planillas/messages';
import { Card, Descriptions } from 'antd';
import { CargaPageShell } from '../cargas/carga-page-shell.tsx';
import { detailPath } from '../tramites/tramite-rules.ts';
import { periodoLabel } from './atenciones-rules.ts';
import AtencionesTab from './atenciones-tab.tsx';

/** /cargaplanilla/{idTramite}/{idCarga}: the attention sheets of one load (docs/spec-summary.md 000 §2). */
export default function CargaPlanillaPage() {
  return (
    <CargaPageShell
      title={(idCarga) => `Atenciones de la carga ${idCarga}`}
      errorTitle={MSG_PLANILLA.errorLista}
      tramiteHref={detailPath}
    >
      {({ tramite: t, carga: c, idPerfil }) => (
        <>
          <Card variant="borderless" style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                { key: 'tramite', label: 'Trámite', children: t.numero },
                { key: 'prestador', label: 'Prestador', children: t.nombreComercial },
                { key: 'periodo', label: 'Periodo de la carga', children: periodoLabel(c) },
                { key: 'archivo', label: 'Archivo', children: c.nombreArchivo },
              ]}
            />
          </Card>
          <Card variant="borderless">
            <AtencionesTab tramite={t} idPerfil={idPerfil} idCargaFija={c.idCarga} />
          </Card>
        </>
      )}
    </CargaPageShell>
  );
}
