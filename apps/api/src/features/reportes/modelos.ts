import { formatCount } from '@app/domain/common/format';
import { REPORTES_PDF } from '@app/domain/reportes/pdf';
import { abrirInforme, type EscritorInforme } from '../../lib/pdf-tabla.ts';
import {
  COLUMNAS_CONSOLIDADO,
  COLUMNAS_DETALLADO,
  cierreAtenciones,
  type EstadoAtenciones,
  filasConsolidado,
  filasDetallado,
} from './modelos-atenciones.ts';
import {
  type CierreReporte,
  type InicioReporte,
  LETRA,
  type LoteReporte,
  m,
  TIPO_TEXTO,
  type TotalCarga,
} from './modelos-comun.ts';
import {
  type ClaseObs,
  cierreObs,
  columnasNovedades,
  columnasObs,
  filasNovedades,
  filasObs,
} from './modelos-obs.ts';

/*
 * The table models of the procedure reports (spec 001 §7): which columns, how a row of the data
 * reads, the closing rows with the totals. Pure functions run by the report worker
 * (reporte-worker.ts): the event loop only reads the data from the database and passes it on.
 * By family: observations and novelties (modelos-obs.ts), attention sheets (modelos-atenciones.ts);
 * the messages and the money columns they share in modelos-comun.ts; here the whole document.
 */

// ---- the whole document ----------------------------------------------------------------------

/**
 * Draws one report as its batches arrive (in the report worker): the summary (`CierreReporte`,
 * read before the rows) gives the title block; each batch is formatted and drawn at once; `terminar`
 * adds the closing rows. Only the batch being drawn is held.
 */
export class ModeloReporte {
  private readonly def;
  private nObs = 0;
  private readonly estado: EstadoAtenciones = { n: 0, carga: null };
  private cargas: Map<number, TotalCarga> | null = null;
  private escritor: EscritorInforme | null = null;
  private cierre: CierreReporte | null = null;
  /** Report 2: the observations' table is opened by its first batch (or at the end). */
  private seccionObsAbierta = false;

  constructor(private readonly inicio: InicioReporte) {
    this.def = REPORTES_PDF[inicio.reportId];
  }

  /** Per-load totals before the rows (reports 10 and 11 of several loads head each load with them). */
  conCargas(cargas: TotalCarga[]) {
    if (this.inicio.variasCargas && cargas.length > 1)
      this.cargas = new Map(cargas.map((c) => [c.idCarga, c]));
  }

  private get obsClase(): ClaseObs {
    const clase = this.def.clase;
    return clase === 'novedades' ? 'observaciones' : (clase as ClaseObs);
  }

  /** Opens the document with the summary read before the rows, and its first table. */
  abrir(c: CierreReporte, salida: (chunk: Buffer) => void) {
    const i = this.inicio;
    const clase = this.def.clase;
    const tipo = i.tipo ?? 'M';
    const subtitulo = [...i.cabecera];
    const nota =
      c.omitidas > 0
        ? [
            `Se muestran las primeras ${formatCount(c.limite)} filas; ${formatCount(c.omitidas)} más no caben en el PDF (los totales son de todo el alcance).`,
          ]
        : [];
    if (c.obs) {
      const o = c.obs;
      subtitulo.push(
        `Tipo: ${LETRA[tipo]} (${TIPO_TEXTO[tipo]}) · Observaciones: ${o.observaciones} · Respondidas: ${o.respondidas} · Pendientes: ${o.observaciones - o.respondidas}`,
      );
    }
    if (c.atenciones) {
      const t = c.atenciones.total;
      subtitulo.push(
        `Atenciones: ${formatCount(t.n) || '0'} · Detalles: ${formatCount(t.lineas) || '0'} · Reclamado: ${m(t.reclamado)} · Aprobado: ${m(t.aprobado)} · Glosa: ${m(t.glosa)}`,
      );
    }
    subtitulo.push('Valores en dólares de los Estados Unidos (USD).', ...nota);
    this.cierre = c;
    // Yielding lets pdfkit's stream hand over each finished page (its 'data' events need the
    // thread's event loop): without it the whole PDF left at the end.
    this.escritor = abrirInforme(
      {
        title: i.titulo,
        subtitle: subtitulo,
        empresa: i.empresa,
        logo: i.logo,
        generado: new Date(i.generado),
      },
      salida,
      { ceder: true },
    );
    if (clase === 'novedades')
      this.escritor.seccion({
        titulo: `Novedades de la carga (${formatCount(c.novedades ?? 0) || '0'})`,
        columns: columnasNovedades(i.variasCargas),
        emptyText: 'La carga no tiene novedades.',
      });
    else if (clase === 'consolidado' || clase === 'detallado')
      this.escritor.seccion({
        columns: clase === 'detallado' ? COLUMNAS_DETALLADO : COLUMNAS_CONSOLIDADO,
        emptyText: 'No se encontraron planillas para el trámite especificado.',
      });
    else this.abrirObs();
  }

  private abrirObs() {
    this.seccionObsAbierta = true;
    this.dibujante().seccion({
      titulo:
        this.def.clase === 'novedades'
          ? `Observaciones de ${TIPO_TEXTO[this.inicio.tipo ?? 'M']}`
          : undefined,
      columns: columnasObs(this.obsClase),
      emptyText: 'No hay observaciones para este trámite/tipo.',
    });
  }

  private dibujante(): EscritorInforme {
    if (!this.escritor) throw new Error('report rows before its summary');
    return this.escritor;
  }

  /** Formats and draws one batch of rows. */
  async agregar(lote: LoteReporte) {
    const clase = this.def.clase;
    const tipo = this.inicio.tipo ?? 'M';
    const e = this.dibujante();
    if (lote.t === 'novedades') await e.filas(filasNovedades(this.inicio.variasCargas, lote.filas));
    else if (lote.t === 'obs') {
      if (!this.seccionObsAbierta) this.abrirObs();
      const filas = filasObs(this.obsClase, tipo, lote.filas, this.nObs);
      this.nObs += lote.filas.length;
      await e.filas(filas);
    } else if (clase === 'consolidado') await e.filas(filasConsolidado(lote, this.estado, this.cargas));
    else await e.filas(filasDetallado(lote, this.estado, this.cargas));
  }

  /** The closing rows (totals) of the tables that have rows, and the end of the document. */
  async terminar(): Promise<{ paginas: number }> {
    const e = this.dibujante();
    const c = this.cierre as CierreReporte;
    const clase = this.def.clase;
    if (clase === 'consolidado' || clase === 'detallado') {
      if (this.estado.n > 0 && c.atenciones)
        await e.filas(cierreAtenciones(clase === 'detallado', c.atenciones));
    } else {
      if (!this.seccionObsAbierta) this.abrirObs();
      if (this.nObs > 0 && c.obs) await e.filas(cierreObs(columnasObs(this.obsClase).length, c.obs));
    }
    return e.terminar();
  }
}
