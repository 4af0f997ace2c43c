import { formatCount, formatDate, formatDateTime } from '@app/domain/common/format';
import { formatMoneyText } from '@app/domain/detalles/money';
import { REPORTES_PDF, type TipoReporte } from '@app/domain/reportes/pdf';
import { abrirInforme, type ColumnaPdf, type EscritorInforme, type FilaPdf } from '../../lib/pdf-tabla.ts';

/*
 * The table models of the procedure reports (spec 001 §7): which columns, how a row of the data
 * reads, the closing rows with the totals. Pure functions run by the report worker
 * (reporte-worker.ts): the event loop only reads the data from the database and passes it on.
 */

/** In reports the type is shown as P (procedure, medical audit) or D (document): spec 001 §1. */
export const LETRA: Record<TipoReporte, string> = { M: 'P', D: 'D' };
const TIPO_TEXTO: Record<TipoReporte, string> = { M: 'Auditoría Médica', D: 'Gestión Documental' };

/** Money columns: claimed, approved, objected; right-aligned, `1.234,56`. */
const DINERO: ColumnaPdf[] = [
  { header: 'Reclamado', width: 52, align: 'right' },
  { header: 'Aprobado', width: 52, align: 'right' },
  { header: 'Glosa', width: 52, align: 'right' },
];
const m = (v: string | null | undefined) => formatMoneyText(v ?? '0');

export type Importes = { n: number; reclamado: string; aprobado: string; glosa: string };

// ---- what the event loop sends -------------------------------------------------------------------

/** The first message: everything but the rows and the totals. */
export type InicioReporte = {
  reportId: number;
  tipo: TipoReporte | null;
  titulo: string;
  empresa: string;
  logo: string | null;
  /** Procedure, provider, period, load, attention: printed under the title. */
  cabecera: string[];
  /** The report lists several loads (no `identificador02`): a load column / heading rows. */
  variasCargas: boolean;
  generado: string;
};

export type FilaObs = {
  nivel: 'PLANILLA' | 'DETALLE';
  numero: string;
  cedula: string;
  paciente: string;
  fechaAtencion: string | null;
  codigo: string | null;
  detalle: string | null;
  observacion: string;
  complementaria: string | null;
  respuestaEstandar: string | null;
  respuesta: string | null;
  respondida: boolean;
  fechaReg: Date | string;
  fechaAct: Date | string | null;
  usuario: string | null;
  /** The observed line's amounts, or the attention's totals for an observation on the attention. */
  reclamado: string;
  aprobado: string;
  glosa: string;
};

export type FilaNovedad = {
  cargaDesde: string;
  cargaHasta: string;
  fila: number | null;
  columna: string | null;
  valor: string | null;
  mensaje: string;
};

export type FilaAtencion = {
  idPlanilla: number;
  idCarga: number;
  numero: string;
  cedula: string;
  paciente: string;
  fechaDesde: string;
  fechaHasta: string;
  diagnosticos: string;
  medico: string | null;
  nivel: number;
  estadoAud: string;
  estadoDoc: string;
  lineas: number;
  reclamado: string;
  aprobado: string;
  glosa: string;
};

export type FilaLinea = {
  idPlanilla: number;
  fechaAtencion: string | null;
  codigo: string;
  descripcion: string | null;
  cantidad: number;
  cantidadAprobada: number;
  valorUni: string;
  reclamado: string;
  aprobado: string;
  glosa: string;
  estado: number;
};

/** Totals of one load of the procedure (the headings of reports 10 and 11). */
export type TotalCarga = Importes & { idCarga: number; desde: string; hasta: string; lineas: number };

/** Rows, in order, of one section. */
export type LoteReporte =
  | { t: 'obs'; filas: FilaObs[] }
  | { t: 'novedades'; filas: FilaNovedad[] }
  | { t: 'atenciones'; atenciones: FilaAtencion[]; lineas: FilaLinea[] };

/**
 * What the subtitle and the closing rows need, read before the rows (the document is drawn as the
 * rows arrive): the counts and totals, and how many rows the cap leaves out.
 */
export type CierreReporte = {
  /** Rows the data had beyond the cap (a note says so). */
  omitidas: number;
  limite: number;
  obs?: {
    observaciones: number;
    respondidas: number;
    detalles: Importes;
    atenciones: Importes;
    alcance: Importes & { etiqueta: string };
  };
  novedades?: number;
  atenciones?: { total: Importes & { lineas: number }; cargas: TotalCarga[]; etiqueta: string };
};

// ---- observation reports (2, 4–9) ----------------------------------------------------------------

const texto = (v: string | null | undefined) => (v && v.trim() !== '' ? v : '');
const planillaPaciente = (f: FilaObs) => `${f.numero}\n${f.paciente}\n${f.cedula}`;
const elemento = (f: FilaObs) =>
  f.nivel === 'PLANILLA' ? 'Atención' : `${f.codigo ?? ''}${f.detalle ? ` – ${f.detalle}` : ''}`;
const observacion = (f: FilaObs) =>
  texto(f.complementaria) ? `${f.observacion}\n${f.complementaria}` : f.observacion;
const respuesta = (f: FilaObs) =>
  [texto(f.respuestaEstandar), texto(f.respuesta)].filter(Boolean).join('\n') || 'Sin respuesta';

type ClaseObs = 'observaciones' | 'respuestas' | 'completo';

export function columnasObs(clase: ClaseObs): ColumnaPdf[] {
  const base: ColumnaPdf[] = [
    { header: 'N°', width: 20 },
    { header: 'Planilla / Paciente', width: 100 },
  ];
  if (clase === 'observaciones')
    return [
      ...base,
      { header: 'Fecha atención', width: 46 },
      { header: 'Tipo', width: 20 },
      { header: 'Elemento', width: 110 },
      { header: 'Observación (estándar y complementaria)' },
      { header: 'Fecha registro', width: 46 },
      ...DINERO,
    ];
  if (clase === 'respuestas')
    return [
      ...base,
      { header: 'Elemento', width: 100 },
      { header: 'Observación' },
      { header: 'Respuesta (estándar y complementaria)' },
      { header: 'Fecha respuesta', width: 46 },
      ...DINERO,
    ];
  return [
    ...base,
    { header: 'Elemento', width: 90 },
    { header: 'Observación' },
    { header: 'Respuesta' },
    { header: 'Estado', width: 52 },
    { header: 'Registrada', width: 84 },
    ...DINERO,
  ];
}

export function filasObs(clase: ClaseObs, tipo: TipoReporte, filas: FilaObs[], desde: number): FilaPdf[] {
  const dinero = (f: FilaObs) => [m(f.reclamado), m(f.aprobado), m(f.glosa)];
  return filas.map((f, i) => {
    const n = String(desde + i + 1);
    if (clase === 'observaciones')
      return [
        n,
        planillaPaciente(f),
        formatDate(f.fechaAtencion),
        LETRA[tipo],
        elemento(f),
        observacion(f),
        formatDate(f.fechaReg),
        ...dinero(f),
      ];
    if (clase === 'respuestas')
      return [
        n,
        planillaPaciente(f),
        elemento(f),
        observacion(f),
        f.respondida ? respuesta(f) : 'Sin respuesta',
        f.respondida ? formatDate(f.fechaAct ?? f.fechaReg) : '',
        ...dinero(f),
      ];
    return [
      n,
      planillaPaciente(f),
      elemento(f),
      observacion(f),
      respuesta(f),
      f.respondida ? 'Respondida' : 'Pendiente',
      `${formatDateTime(f.fechaReg)}${f.usuario ? `\n${f.usuario}` : ''}`,
      ...dinero(f),
    ];
  });
}

/** The totals under an observations table: the observed lines, the observed attentions, the scope. */
export function cierreObs(nCol: number, c: NonNullable<CierreReporte['obs']>): FilaPdf[] {
  const fila = (etiqueta: string, i: Importes): FilaPdf => ({
    celdas: [etiqueta, m(i.reclamado), m(i.aprobado), m(i.glosa)],
    estilo: 'total',
    span: nCol - 3,
  });
  return [
    fila(`Detalles observados: ${formatCount(c.detalles.n) || '0'}`, c.detalles),
    fila(`Atenciones observadas: ${formatCount(c.atenciones.n) || '0'}`, c.atenciones),
    fila(`${c.alcance.etiqueta}: ${formatCount(c.alcance.n) || '0'} atenciones`, c.alcance),
  ];
}

// ---- novelties (2) -------------------------------------------------------------------------------

export function columnasNovedades(variasCargas: boolean): ColumnaPdf[] {
  return [
    ...(variasCargas ? [{ header: 'Carga', width: 100 }] : []),
    { header: 'Fila', width: 40, align: 'right' as const },
    { header: 'Columna', width: 90 },
    { header: 'Valor', width: 160 },
    { header: 'Novedad' },
  ];
}

export const filasNovedades = (variasCargas: boolean, filas: FilaNovedad[]): FilaPdf[] =>
  filas.map((f) => [
    ...(variasCargas ? [`${formatDate(f.cargaDesde)} – ${formatDate(f.cargaHasta)}`] : []),
    f.fila === null ? '' : formatCount(f.fila) || '0',
    f.columna ?? '',
    f.valor ?? '',
    f.mensaje,
  ]);

// ---- attention sheets (10, 11) -------------------------------------------------------------------

export const COLUMNAS_CONSOLIDADO: ColumnaPdf[] = [
  { header: 'N°', width: 24, align: 'right' },
  { header: 'Planilla', width: 50 },
  { header: 'Paciente / Cédula' },
  { header: 'Fechas', width: 46 },
  { header: 'Diagnósticos', width: 60 },
  { header: 'Médico', width: 80 },
  { header: 'Nivel', width: 24, align: 'right' },
  { header: 'Estado AM', width: 50 },
  { header: 'Estado GD', width: 50 },
  { header: 'Detalles', width: 34, align: 'right' },
  ...DINERO,
];

export const COLUMNAS_DETALLADO: ColumnaPdf[] = [
  { header: 'Fecha', width: 46 },
  { header: 'Código', width: 52 },
  { header: 'Descripción' },
  { header: 'Cant.', width: 28, align: 'right' },
  { header: 'Cant. aprob.', width: 34, align: 'right' },
  { header: 'V. unitario', width: 50, align: 'right' },
  ...DINERO,
  { header: 'Estado', width: 44 },
];

const fechas = (a: FilaAtencion) =>
  a.fechaDesde === a.fechaHasta
    ? formatDate(a.fechaDesde)
    : `${formatDate(a.fechaDesde)}\n${formatDate(a.fechaHasta)}`;

/** A load's heading row in a report of several loads. */
function filaCarga(nCol: number, c: TotalCarga, dinero: number, cola: number): FilaPdf {
  return {
    celdas: [
      `Carga ${formatDate(c.desde)} – ${formatDate(c.hasta)} · ${formatCount(c.n) || '0'} atenciones · ${formatCount(c.lineas) || '0'} detalles`,
      m(c.reclamado),
      m(c.aprobado),
      m(c.glosa),
      ...Array.from({ length: cola }, () => ''),
    ],
    estilo: 'grupo',
    span: nCol - dinero - cola,
  };
}

/** The state of the rows of reports 10 and 11 across batches (numbering, the load being listed). */
export type EstadoAtenciones = { n: number; carga: number | null };

export function filasConsolidado(
  lote: Extract<LoteReporte, { t: 'atenciones' }>,
  estado: EstadoAtenciones,
  cargas: Map<number, TotalCarga> | null,
): FilaPdf[] {
  const out: FilaPdf[] = [];
  for (const a of lote.atenciones) {
    if (cargas && a.idCarga !== estado.carga) {
      const c = cargas.get(a.idCarga);
      if (c) out.push(filaCarga(COLUMNAS_CONSOLIDADO.length, c, 3, 0));
    }
    estado.carga = a.idCarga;
    out.push([
      String(++estado.n),
      a.numero,
      `${a.paciente}\n${a.cedula}`,
      fechas(a),
      a.diagnosticos,
      a.medico ?? '',
      String(a.nivel),
      a.estadoAud,
      a.estadoDoc,
      formatCount(a.lineas) || '0',
      m(a.reclamado),
      m(a.aprobado),
      m(a.glosa),
    ]);
  }
  return out;
}

export function filasDetallado(
  lote: Extract<LoteReporte, { t: 'atenciones' }>,
  estado: EstadoAtenciones,
  cargas: Map<number, TotalCarga> | null,
): FilaPdf[] {
  const nCol = COLUMNAS_DETALLADO.length;
  const porPlanilla = new Map<number, FilaLinea[]>();
  for (const l of lote.lineas) {
    const v = porPlanilla.get(l.idPlanilla);
    if (v) v.push(l);
    else porPlanilla.set(l.idPlanilla, [l]);
  }
  const out: FilaPdf[] = [];
  for (const a of lote.atenciones) {
    if (cargas && a.idCarga !== estado.carga) {
      const c = cargas.get(a.idCarga);
      if (c) out.push(filaCarga(nCol, c, 3, 1));
    }
    estado.carga = a.idCarga;
    estado.n++;
    const partes = [
      `Planilla ${a.numero}`,
      `${a.paciente} (C.I. ${a.cedula})`,
      fechas(a).replace('\n', ' – '),
      a.diagnosticos ? `Dx ${a.diagnosticos}` : '',
      a.medico ? `Médico ${a.medico}` : '',
      `AM ${a.estadoAud} · GD ${a.estadoDoc}`,
    ].filter(Boolean);
    out.push({
      celdas: [partes.join(' · '), m(a.reclamado), m(a.aprobado), m(a.glosa), ''],
      estilo: 'grupo',
      span: nCol - 4,
    });
    for (const l of porPlanilla.get(a.idPlanilla) ?? [])
      out.push([
        formatDate(l.fechaAtencion),
        l.codigo,
        l.descripcion ?? '',
        formatCount(l.cantidad) || '0',
        formatCount(l.cantidadAprobada) || '0',
        m(l.valorUni),
        m(l.reclamado),
        m(l.aprobado),
        m(l.glosa),
        l.estado === 1 ? 'Activo' : 'Inactivo',
      ]);
  }
  return out;
}

export function cierreAtenciones(detallado: boolean, c: NonNullable<CierreReporte['atenciones']>): FilaPdf[] {
  const nCol = detallado ? COLUMNAS_DETALLADO.length : COLUMNAS_CONSOLIDADO.length;
  const cola = detallado ? 1 : 0;
  return [
    {
      celdas: [
        `${c.etiqueta}: ${formatCount(c.total.n) || '0'} atenciones · ${formatCount(c.total.lineas) || '0'} detalles`,
        m(c.total.reclamado),
        m(c.total.aprobado),
        m(c.total.glosa),
        ...Array.from({ length: cola }, () => ''),
      ],
      estilo: 'total',
      span: nCol - 3 - cola,
    },
  ];
}

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
