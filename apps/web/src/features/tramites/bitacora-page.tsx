import BitacoraViewer from './bitacora-viewer.tsx';
import { TramiteReportPage } from './tramite-report-page.tsx';

/** /bitacora-tramite/:id — the procedure log on its own page. */
export default function BitacoraPage() {
  return (
    <TramiteReportPage title="Bitácora del Trámite" crumb="Bitácora" param="id">
      {(idTramite) => <BitacoraViewer idTramite={idTramite} />}
    </TramiteReportPage>
  );
}
