import { TramiteReportPage } from '../tramites/TramiteReportPage.tsx';
import { AtencionesSinArchivos } from './AtencionesSinArchivos.tsx';

/** /tramites-planillas-sin-archivos/:idTramite — the attentions of a procedure without files. */
export default function SinArchivosPage() {
  return (
    <TramiteReportPage title="Atenciones sin archivos">
      {(idTramite) => <AtencionesSinArchivos idTramite={idTramite} />}
    </TramiteReportPage>
  );
}
