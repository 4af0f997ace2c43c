import { DollarOutlined, DownOutlined } from '@ant-design/icons';
import { MSG_FINANZAS } from '@app/domain/finanzas/messages';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { useFeedback } from '../../components/use-feedback.tsx';
import { finanzasApi } from './finanzas-api.ts';
import { opcionesFinanzas, type TramiteFinanzas } from './finanzas-rules.ts';

const PagosModal = lazy(async () => ({ default: (await import('./pagos-modal.tsx')).PagosModal }));

type Feedback = ReturnType<typeof useFeedback>;

/**
 * 'Finanzas' on the procedure page (docs/spec-summary.md 000 §2, the audit side's other actions): download the financial
 * CSV, upload the insurer's payment file (FINALIZADO only), export the procedure as FHIR R4.
 */
export function FinanzasMenu({
  tramite,
  idPerfil,
  feedback,
}: {
  tramite: TramiteFinanzas;
  idPerfil: number;
  feedback: Feedback;
}) {
  const [descargando, setDescargando] = useState(false);
  const [subir, setSubir] = useState(false);
  const opciones = opcionesFinanzas(tramite, idPerfil);
  if (!opciones.length) return null;

  async function descargar(fn: () => Promise<void>) {
    setDescargando(true);
    try {
      await fn();
    } catch (e) {
      feedback.errorDialog(MSG_FINANZAS.errorDescarga, (e as Error).message);
    } finally {
      setDescargando(false);
    }
  }

  const items: MenuProps['items'] = opciones.map((o) => ({
    key: o.key,
    disabled: !!o.disabled,
    label: o.disabled ? (
      <Tooltip title={o.disabled} placement="left">
        <span>{o.label}</span>
      </Tooltip>
    ) : (
      o.label
    ),
  }));

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={descargando}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'reporte') void descargar(() => finanzasApi.reporte(tramite.idTramite));
            else if (key === 'reporteXlsx')
              void descargar(() => finanzasApi.reporte(tramite.idTramite, 'xlsx'));
            else if (key === 'fhir') void descargar(() => finanzasApi.fhir(tramite.idTramite));
            else if (key === 'pagos') setSubir(true);
          },
        }}
      >
        <Button icon={<DollarOutlined aria-hidden />} loading={descargando}>
          {descargando ? MSG_FINANZAS.procesando : MSG_FINANZAS.botonFinanzas} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {subir && (
        <Suspense fallback={null}>
          <PagosModal tramite={tramite} open={subir} onClose={() => setSubir(false)} />
        </Suspense>
      )}
    </>
  );
}
