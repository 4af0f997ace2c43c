import { TramiteReportPage } from '../tramites/tramite-report-page.tsx';
import { AtencionesSinArchivos } from './atenciones-sin-archivos.tsx';

/** /tramites-planillas-sin-archivos/:idTramite — the attentions of a procedure without files. */
export default function SinArchivosPage() {
  return (
    <TramiteReportPage title="Atenciones sin archivos">
      {(idTramite) => <AtencionesSinArchivos idTramite={idTramite} />}
    </TramiteReportPage>
  );
}
