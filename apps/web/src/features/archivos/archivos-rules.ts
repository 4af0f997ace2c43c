import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import {
  BYTES_FIRMA,
  extensionPermitida,
  LISTAS_RESULTADO,
  type ListaResultado,
  MAX_ARCHIVOS_CARGA,
  MAX_BYTES_DOCUMENTO,
  type ResultadoArchivos,
  tipoPorFirma,
} from '@app/domain/archivos/rules';
import { formatCount, formatNumber } from '@app/domain/common/format';

/*
 * Pure rules of the folder upload ('Carga de Archivos'): which chosen files go, how they are cut in
 * batches, and how progress and results are told.
 */

/** What the upload needs of a browser File (tests pass plain objects). */
export type ArchivoLocal = {
  name: string;
  size: number;
  webkitRelativePath?: string;
  slice: (start?: number, end?: number) => { arrayBuffer: () => Promise<ArrayBuffer> };
};

export type Rechazado = { nombre: string; motivo: string };

export type Seleccion<F extends ArchivoLocal = ArchivoLocal> = {
  /** Every file of the chosen folder. */
  total: number;
  validos: F[];
  bytes: number;
  /** 'Archivo no permitido': wrong type or over the size limit. */
  rechazados: Rechazado[];
  /** Empty files are skipped silently (docs/spec-summary.md 000 §5). */
  vacios: number;
};

export const MAX_MB = MAX_BYTES_DOCUMENTO / 1024 / 1024;

/** The name shown and sent: the path inside the chosen folder when the browser gives it. */
export const rutaRelativa = (f: Pick<ArchivoLocal, 'name' | 'webkitRelativePath'>) => {
  const rel = f.webkitRelativePath || f.name;
  // The chosen folder's own name is the same for every file: drop it.
  const i = rel.indexOf('/');
  return f.webkitRelativePath && i > 0 ? rel.slice(i + 1) : rel;
};

/**
 * Sorts the chosen files: PDF, JPEG and PNG up to 20 MiB go (checked by extension and by their first
 * bytes, as the server does), empty files are skipped, the rest is 'Archivo no permitido'.
 */
export async function clasificar<F extends ArchivoLocal>(
  files: readonly F[],
  paralelo = 32,
): Promise<Seleccion<F>> {
  const out: Seleccion<F> = { total: files.length, validos: [], bytes: 0, rechazados: [], vacios: 0 };
  const veredictos: (string | null | 'vacio')[] = new Array(files.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const f = files[i];
      if (f.size === 0) veredictos[i] = 'vacio';
      else if (!extensionPermitida(f.name)) veredictos[i] = MSG_ARCHIVO.motivoTipo;
      else if (f.size > MAX_BYTES_DOCUMENTO) veredictos[i] = MSG_ARCHIVO.motivoTamano(MAX_MB);
      else {
        let firma: Uint8Array;
        try {
          firma = new Uint8Array(await f.slice(0, BYTES_FIRMA).arrayBuffer());
        } catch {
          firma = new Uint8Array();
        }
        veredictos[i] = tipoPorFirma(firma) ? null : MSG_ARCHIVO.motivoTipo;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(paralelo, files.length) }, worker));
  files.forEach((f, i) => {
    const v = veredictos[i];
    if (v === 'vacio') out.vacios++;
    else if (v) out.rechazados.push({ nombre: rutaRelativa(f), motivo: v });
    else {
      out.validos.push(f);
      out.bytes += f.size;
    }
  });
  // Path order: deterministic, and the order the user sees in a file explorer.
  out.validos.sort((a, b) =>
    rutaRelativa(a) < rutaRelativa(b) ? -1 : rutaRelativa(a) > rutaRelativa(b) ? 1 : 0,
  );
  return out;
}

/** 1 to 20,000 files enable the button (docs/spec-summary.md 000 §5, second variant). */
export const seleccionValida = (n: number) => n >= 1 && n <= MAX_ARCHIVOS_CARGA;

export type LimitesLote = { maxArchivos: number; maxBytes: number };
/** Small enough for a quick retry, big enough that request overhead does not dominate. */
export const LIMITES_LOTE: LimitesLote = { maxArchivos: 50, maxBytes: 16 * 1024 * 1024 };

/** Cuts the files into batches of at most maxArchivos files and maxBytes (a bigger file goes alone). */
export function lotes<F extends { size: number }>(files: readonly F[], l: LimitesLote = LIMITES_LOTE): F[][] {
  const out: F[][] = [];
  let cur: F[] = [];
  let bytes = 0;
  for (const f of files) {
    if (cur.length > 0 && (cur.length >= l.maxArchivos || bytes + f.size > l.maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(f);
    bytes += f.size;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

export const megas = (bytes: number) => formatNumber(bytes / 1024 / 1024);

/** 'quedan 2 min 5 s' from the bytes left and the rate so far; '' until there is a rate. */
export function tiempoRestante(bytesRestantes: number, bytesHechos: number, msTranscurridos: number): string {
  if (bytesHechos <= 0 || msTranscurridos < 1000) return 'calculando el tiempo restante...';
  const seg = Math.ceil((bytesRestantes / bytesHechos) * (msTranscurridos / 1000));
  if (seg <= 0) return 'terminando...';
  if (seg < 60) return `quedan ${seg} s`;
  const min = Math.floor(seg / 60);
  if (min < 60) return `quedan ${min} min ${seg % 60} s`;
  return `quedan ${Math.floor(min / 60)} h ${min % 60} min`;
}

/** '1.234 de 5.000 archivos · 12,50 de 80,00 MB'. */
export const progresoTexto = (p: { archivos: number; total: number; bytes: number; bytesTotal: number }) =>
  `${formatCount(p.archivos) || '0'} de ${formatCount(p.total)} archivos · ${megas(p.bytes)} de ${megas(p.bytesTotal)} MB`;

export const resultadoVacio = (): ResultadoArchivos => ({
  archivosCargados: [],
  archivosDuplicados: [],
  planillasNoEncontradas: [],
});

export function sumarResultado(a: ResultadoArchivos, b: ResultadoArchivos): ResultadoArchivos {
  return {
    archivosCargados: [...a.archivosCargados, ...b.archivosCargados],
    archivosDuplicados: [...a.archivosDuplicados, ...b.archivosDuplicados],
    planillasNoEncontradas: [...a.planillasNoEncontradas, ...b.planillasNoEncontradas],
  };
}

export type DialogoResultado = {
  lista: ListaResultado;
  tipo: 'success' | 'warning' | 'error';
  titulo: string;
  texto: string;
  archivoCsv: string;
  nombres: string[];
};

/**
 * The result dialogs of docs/spec-summary.md 000 §8 in order: 'Archivos cargados correctamente' (with the count, also
 * when zero files loaded only if nothing else is to be said), 'Archivos duplicados', 'Planillas no
 * encontradas'; each non-empty list comes with its one-column CSV.
 */
export function dialogosResultado(r: ResultadoArchivos): DialogoResultado[] {
  const out: DialogoResultado[] = [];
  const n = r.archivosCargados.length;
  if (n > 0 || (r.archivosDuplicados.length === 0 && r.planillasNoEncontradas.length === 0)) {
    out.push({
      lista: 'archivosCargados',
      tipo: 'success',
      titulo: MSG_ARCHIVO.cargadosTitulo,
      texto: MSG_ARCHIVO.cargadosTexto(n),
      archivoCsv: 'archivosCargados.csv',
      nombres: r.archivosCargados,
    });
  }
  if (r.archivosDuplicados.length > 0)
    out.push({
      lista: 'archivosDuplicados',
      tipo: 'warning',
      titulo: MSG_ARCHIVO.duplicadosTitulo,
      texto: MSG_ARCHIVO.duplicadosTexto(r.archivosDuplicados.length),
      archivoCsv: 'archivosDuplicados.csv',
      nombres: r.archivosDuplicados,
    });
  if (r.planillasNoEncontradas.length > 0)
    out.push({
      lista: 'planillasNoEncontradas',
      tipo: 'error',
      titulo: MSG_ARCHIVO.noEncontradasTitulo,
      texto: MSG_ARCHIVO.noEncontradasTexto(r.planillasNoEncontradas.length),
      archivoCsv: 'planillasNoEncontradas.csv',
      nombres: r.planillasNoEncontradas,
    });
  return out;
}

export { LISTAS_RESULTADO };

export type OpcionArchivos =
  | 'archivos:subir'
  | 'archivos:zip:atencion'
  | 'archivos:zip:fecha'
  | 'archivos:zip:fecha-especialidad';

export type CargaArchivosInfo = {
  estado: number;
  estadoProceso: string;
  tienePlanillas: number;
  tieneArchivos: number;
};

/**
 * The loads panel's file options of a load: 'Carga de Archivos' for the provider once its attentions
 * are organised (procedure ESTRUCTURADO or DOCUMENTADO), and the three ZIP layouts once it has files.
 */
export function opcionesArchivosCarga(
  c: CargaArchivosInfo,
  ctx: { prestador: boolean; estadoTramite: string; estadosSubida: readonly string[] },
): OpcionArchivos[] {
  const out: OpcionArchivos[] = [];
  if (c.estado !== 1) return out;
  if (
    ctx.prestador &&
    c.estadoProceso === 'COMPLETADA' &&
    c.tienePlanillas === 1 &&
    ctx.estadosSubida.includes(ctx.estadoTramite)
  )
    out.push('archivos:subir');
  if (c.tieneArchivos === 1)
    out.push('archivos:zip:atencion', 'archivos:zip:fecha', 'archivos:zip:fecha-especialidad');
  return out;
}
