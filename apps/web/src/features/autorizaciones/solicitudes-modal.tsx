import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../components/use-feedback.tsx';
import { autorizacionesPath, autorizacionPath } from './autorizacion-rules.ts';
import { AutorizacionesTabla, useAutorizaciones } from './autorizaciones-tabla.tsx';
import { NuevaSolicitudForm } from './nueva-solicitud-form.tsx';

export type SolicitudesModalProps = {
  open: boolean;
  tramite: {
    idTramite: number;
    numero: string;
    estadoTramite: string;
    fechaDesde: string;
    fechaHasta: string;
  };
  onClose: () => void;
};

/**
 * 'Solicitudes' of the procedure header: the authorization requests (the supervisors approve or reject
 * them, the provider annuls its own) and, for the provider when the procedure takes one, a new request.
 */
export default function SolicitudesModal({ open, tramite: t, onClose }: SolicitudesModalProps) {
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const query = useAutorizaciones(t.idTramite, page, undefined, open);

  return (
    <Modal
      open={open}
      title={`Solicitudes de autorización — Trámite ${t.numero}`}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="todas" onClick={() => navigate(autorizacionesPath(t.idTramite))}>
          Ver autorizaciones del trámite
        </Button>,
        <Button key="cerrar" type="primary" onClick={onClose}>
          Cerrar
        </Button>,
      ]}
    >
      {feedback.contextHolder}
      <AutorizacionesTabla
        query={query}
        page={page}
        onPage={setPage}
        onAbrir={(a) => navigate(autorizacionPath(t.idTramite, a.idAutorizacion))}
        feedback={feedback}
        emptyText={MSG_AUTORIZACION.sinAutorizaciones}
      />
      {query.data?.puedeSolicitar ? (
        <NuevaSolicitudForm tramite={t} feedback={feedback} onCreada={() => setPage(1)} />
      ) : (
        t.estadoTramite === 'ENVIADO' && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            title={MSG_AUTORIZACION.solicitudesDeshabilitadas}
          />
        )
      )}
    </Modal>
  );
}
