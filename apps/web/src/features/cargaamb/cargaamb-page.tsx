import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { textCol } from '../../components/columns.tsx';
import { parseId } from '../../components/detail-state.tsx';
import { INICIO } from '../../components/page-header.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { useSession } from '../../lib/use-session.ts';
import { esSupervisorCargaAmb } from '../cargas/carga-rules.ts';
import { useTituloTramite } from '../tramites/use-numero-tramite.ts';
import { type CargaAmbRow, cargaAmbApi, cargaAmbKeys } from './cargaamb-api.ts';
import { CargaAmbModal } from './cargaamb-modal.tsx';
import { UploadCargaAmb } from './cargaamb-upload.tsx';

/** /cargaamb/:idTramite/:idCarga? — ambulatory records of a procedure and load: Número, Nombre Paciente, Cédula, Tipo. */
export function CargaAmbPage() {
  const params = useParams();
  const idTramite = parseId(params.idTramite);
  const tituloTramite = useTituloTramite(idTramite);
  const idCarga = parseId(params.idCarga);
  const session = useSession();
  const [ver, setVer] = useState<number | null>(null);
  const [subir, setSubir] = useState(false);
  const supervisor = !!session && esSupervisorCargaAmb(session.usuario.idPerfil);
  return (
    <>
      <ResourceList<CargaAmbRow>
        cacheKey={cargaAmbKeys.all(idTramite)}
        ariaLabel="Atenciones ambulatorias"
        title={`Atenciones ambulatorias del trámite ${idTramite}${idCarga ? `, carga ${idCarga}` : ''}`}
        breadcrumb={[
          INICIO,
          { title: 'Trámites', href: '/tramite' },
          { title: tituloTramite, href: `/tramiteform/${idTramite}` },
          { title: 'Atenciones ambulatorias' },
        ]}
        headerExtra={
          supervisor && (
            <Button icon={<UploadOutlined />} onClick={() => setSubir(true)}>
              Cargar .csv
            </Button>
          )
        }
        fetch={cargaAmbApi(idTramite).list}
        fixedQuery={idCarga ? { idCarga } : undefined}
        rowKey={(r) => r.idCargaAmb}
        defaultSort="numero"
        searchPlaceholder="Buscar por número, paciente o cédula..."
        columns={[
          textCol('numero', 'Número', true),
          textCol('nombrePaciente', 'Nombre Paciente', true),
          textCol('cedula', 'Cédula', true),
          textCol('tipo', 'Tipo', true),
          {
            key: 'ver',
            title: 'Ver',
            width: 70,
            align: 'center',
            render: (_: unknown, r: CargaAmbRow) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Ver la atención ${r.numero}`}
                onClick={() => setVer(r.idCargaAmb)}
              />
            ),
          },
        ]}
        onOpen={(r) => setVer(r.idCargaAmb)}
        emptyText="No hay atenciones ambulatorias cargadas."
      />
      {idTramite > 0 && <CargaAmbModal idTramite={idTramite} id={ver} onClose={() => setVer(null)} />}
      {supervisor && (
        <UploadCargaAmb
          idTramite={idTramite}
          idCarga={idCarga}
          open={subir}
          onClose={() => setSubir(false)}
        />
      )}
      {!idTramite && (
        <Alert type="error" title="Trámite no válido." action={<Link to="/tramite">Ir a Trámites</Link>} />
      )}
    </>
  );
}
