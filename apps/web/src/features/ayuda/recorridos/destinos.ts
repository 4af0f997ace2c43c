import { PERFIL } from '@app/domain/auth/profiles';
import { api } from '../../../lib/api.ts';
import { detailPath, planillaPath } from '../../tramites/tramite-rules.ts';

type TramiteFila = { idTramite: number; estadoTramite: string };
type PlanillaFila = { idPlanilla: number; numArchivos: number };

/** The procedure a tour shows: the first in the state where the profile's work is (the demo has one of each). */
const ESTADOS_PREFERIDOS: Record<'prestador' | 'aseguradora', readonly string[]> = {
  prestador: ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO', 'ENVIADO'],
  aseguradora: ['EN PROCESO', 'RECIBIDO', 'OBSERVACIONES', 'PLANILLAJE', 'FINALIZADO', 'ENVIADO'],
};

const operativo = (idPerfil: number) => idPerfil === PERFIL.AUDITOR_AM || idPerfil === PERFIL.GESTOR_GD;

/**
 * The records a tour's steps open, found among the user's own (so the steps run on real screens with real
 * data); looked up once per tour. null when the user has none: the step then stays where the user is and says
 * where the element would be.
 */
export class Destinos {
  private tramite?: Promise<TramiteFila | null>;
  private planilla?: Promise<{ tramite: TramiteFila; idPlanilla: number } | null>;

  constructor(readonly idPerfil: number) {}

  private buscarTramite(): Promise<TramiteFila | null> {
    this.tramite ??= (async () => {
      const prestador = this.idPerfil === PERFIL.PRESTADOR;
      const vista = prestador ? 'carga' : operativo(this.idPerfil) ? 'asignados' : 'todos';
      const page = await api<{ items: TramiteFila[] }>('/tramites', {
        query: { vista, page: 1, pageSize: 100 },
      });
      for (const e of ESTADOS_PREFERIDOS[prestador ? 'prestador' : 'aseguradora']) {
        const t = page.items.find((x) => x.estadoTramite === e);
        if (t) return t;
      }
      return page.items[0] ?? null;
    })().catch(() => null);
    return this.tramite;
  }

  /** The procedure page on one of its tabs. */
  async rutaTramite(tab: string): Promise<string | null> {
    const t = await this.buscarTramite();
    return t ? `${detailPath(this.idPerfil, t.idTramite)}?tab=${tab}` : null;
  }

  /**
   * The record page of an attention of that procedure: a pending one with documents when there is (the tour
   * shows the documents beside the data), else a pending one, else any.
   */
  async rutaAtencion(): Promise<string | null> {
    this.planilla ??= (async () => {
      const tramite = await this.buscarTramite();
      if (!tramite) return null;
      let cualquiera: PlanillaFila | undefined;
      for (const vista of ['PENDIENTES', 'TODAS']) {
        const page = await api<{ items: PlanillaFila[] }>('/planillas', {
          query: { idTramite: tramite.idTramite, vista, page: 1, pageSize: 50 },
        });
        const conDocumentos = page.items.find((x) => x.numArchivos > 0);
        if (conDocumentos) return { tramite, idPlanilla: conDocumentos.idPlanilla };
        cualquiera ??= page.items[0];
      }
      return cualquiera ? { tramite, idPlanilla: cualquiera.idPlanilla } : null;
    })().catch(() => null);
    const p = await this.planilla;
    return p ? planillaPath(p.tramite.idTramite, p.tramite.estadoTramite, p.idPlanilla) : null;
  }
}
