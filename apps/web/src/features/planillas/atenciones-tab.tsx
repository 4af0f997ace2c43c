import { isPlanillaRevisadaMessage, vistaDeTab } from '@app/domain/planillas/popup-message';
import { useQueryClient } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OpenEvent } from '../../components/data-table.tsx';
import { useListParams } from '../../components/use-list-params.ts';
import { useSession } from '../../lib/use-session.ts';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import {
  abreEnPopup,
  cambioDeVista,
  FILTER_KEYS,
  type Modo,
  NS,
  POPUP_FEATURES,
  pantallaDe,
  popupPath,
  recordPath,
  resolveVista,
  VISTA_LABELS,
  type VistaLista,
  vistasDisponibles,
  vistaTrasMensaje,
} from './atenciones-rules.ts';
import { BusquedaAtenciones } from './busqueda-atenciones.tsx';
import { ListaPendientes } from './lista-pendientes.tsx';
import { planillaKeys } from './planillas-api.ts';
import { ResumenModal, type ResumenTarget } from './resumen-modal.tsx';
import { TablaAtenciones } from './tabla-atenciones.tsx';

export type AtencionesTabProps = {
  tramite: { idTramite: number; estadoTramite: string };
  idPerfil: number;
  /** 'sin-documentacion': the tab 'Atenciones sin documentación' (attentions without files). */
  modo?: Modo;
  /** /cargaplanilla/{idTramite}/{idCarga}: the attentions of one load. */
  idCargaFija?: number;
};

/** Opens an attention: the record page, or its 1200×800 popup with Ctrl/Cmd or the middle button. */
export type AbrirRegistro = (idPlanilla: number, e: OpenEvent, forzarPopup?: boolean) => void;

/**
 * The attentions of a procedure (docs/spec-summary.md 000 §2): views Todas / Pendientes / Revisadas / Anuladas /
 * Filtros and the record search for auditors, the filter panel, levels, options, CSV export. Every
 * filter lives in the URL under the `pl.` namespace (see atenciones-rules.ts `NS`).
 */
export default function AtencionesTab({
  tramite,
  idPerfil,
  modo = 'atenciones',
  idCargaFija,
}: AtencionesTabProps) {
  const session = useSession();
  const idUsuario = session?.usuario.idUsuario ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const params = useListParams({ namespace: NS, filterKeys: FILTER_KEYS, defaultSort: 'numero' });
  const disponibles = vistasDisponibles(idPerfil, modo);
  const vista = resolveVista(params.filters.vista, disponibles);
  const pantalla = pantallaDe(vista);
  const [resumen, setResumen] = useState<ResumenTarget | null>(null);
  const { idTramite, estadoTramite } = tramite;

  const abrirRegistro = useCallback<AbrirRegistro>(
    (idPlanilla, e, forzarPopup = false) => {
      if (forzarPopup || abreEnPopup(e)) {
        const win = window.open(
          popupPath(idTramite, estadoTramite, idPlanilla, vista),
          `planilla-${idPlanilla}`,
          POPUP_FEATURES,
        );
        win?.focus();
      } else navigate(recordPath(idTramite, estadoTramite, idPlanilla));
    },
    [idTramite, estadoTramite, vista, navigate],
  );

  // The record popup reports a review (same origin only): refresh and show the list it came from.
  const latest = useRef({ vista, disponibles, update: params.update });
  latest.current = { vista, disponibles, update: params.update };
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || !isPlanillaRevisadaMessage(e.data)) return;
      void queryClient.invalidateQueries({ queryKey: planillaKeys.all });
      void queryClient.invalidateQueries({ queryKey: tramiteKeys.detail(idTramite) });
      const { vista: actual, disponibles: vistas, update } = latest.current;
      const nueva = vistaTrasMensaje(actual, vistaDeTab(e.data.tab), vistas);
      if (nueva !== actual) update({ filters: cambioDeVista(actual, nueva) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, idTramite]);

  return (
    <>
      {disponibles.length > 0 && (
        <Segmented<VistaLista>
          aria-label="Vista de atenciones"
          style={{ margin: '4px 0 12px' }}
          value={vista}
          onChange={(v) => params.update({ filters: cambioDeVista(vista, v) })}
          options={disponibles.map((v) => ({ value: v, label: VISTA_LABELS[v] }))}
        />
      )}
      {pantalla === 'tabla' && (
        <TablaAtenciones
          ctx={{ idTramite, idPerfil, estadoTramite, modo, idCargaFija }}
          idUsuario={idUsuario}
          vista={vista}
          params={params}
          onResumen={setResumen}
          onAbrir={abrirRegistro}
        />
      )}
      {pantalla === 'pendientes' && (
        <ListaPendientes
          ctx={{ idTramite, idPerfil, estadoTramite, modo, idCargaFija }}
          params={params}
          onAbrir={abrirRegistro}
        />
      )}
      {pantalla === 'buscar' && <BusquedaAtenciones idTramite={idTramite} onAbrir={abrirRegistro} />}
      <ResumenModal target={resumen} imprimir={idPerfil === 15} onClose={() => setResumen(null)} />
    </>
  );
}
