import { AuditOutlined } from '@ant-design/icons';
import { MSG_AUTORIZACION } from '@app/domain/autorizaciones/messages';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { botonSolicitudes } from './autorizacion-rules.ts';

const SolicitudesModal = lazy(() => import('./solicitudes-modal.tsx'));

export type SolicitudesBotonProps = {
  tramite: {
    idTramite: number;
    numero: string;
    estadoTramite: string;
    numCargas: number;
    fechaDesde: string;
    fechaHasta: string;
  };
};

/**
 * 'Solicitudes' of the procedure header (docs/spec-summary.md 000 §2): shown in RECIBIDO, EN PROCESO or OBSERVACIONES
 * or with more than one load, disabled in ENVIADO; opens the authorization requests.
 */
export function SolicitudesBoton({ tramite }: SolicitudesBotonProps) {
  const [open, setOpen] = useState(false);
  const b = botonSolicitudes(tramite);
  if (!b.visible) return null;
  return (
    <>
      <Tooltip title={b.disabled ? MSG_AUTORIZACION.solicitudesDeshabilitadas : undefined}>
        <Button icon={<AuditOutlined aria-hidden />} disabled={b.disabled} onClick={() => setOpen(true)}>
          Solicitudes
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <SolicitudesModal open tramite={tramite} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
