import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageKey } from '../../features/archivos/upload.ts';
import { columnas, consulta, lista, sql } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage/index.ts';
import type { Queryable } from '../client.ts';
import { carga, planilla, planillaDet } from '../schema/index.ts';

/*
 * Supporting documents of the demo procedures, so that `npm start` shows what an auditor works with:
 * one medical report per attention (and a prescription for every fifth), named as a provider names
 * them for the folder upload (`1004-informe.pdf`), stored through the configured storage like an
 * upload. The last attentions of the procedure under review are left without documents, so the
 * 'Atenciones sin documentación' tab and control 5 have something to show.
 */

/** Attentions of the procedure under review left without documents. */
export const DEMO_SIN_DOCUMENTOS = 6;

type Linea = { texto: string; negrita?: boolean; tamano?: number; espacio?: number };

/** Text for a PDF string in WinAnsi (Latin-1 for Spanish): escaped, other characters replaced. */
function pdfText(s: string): string {
  return s
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/([\\()])/g, '\\$1');
}

/** Breaks a line at spaces so that it fits `max` characters. */
function wrap(s: string, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && line.length + 1 + word.length > max) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/**
 * A one-page A4 PDF 1.4 of text lines in Helvetica (the standard fonts every reader has), written
 * object by object with an exact cross-reference table.
 */
export function documentoPdf(lineas: Linea[]): Buffer {
  const ops: string[] = ['0.2 0.2 0.2 RG 0.8 w 50 776 m 545 776 l S'];
  let y = 800;
  for (const l of lineas) {
    const size = l.tamano ?? 11;
    for (const part of wrap(l.texto, Math.floor(900 / size))) {
      ops.push(`BT /${l.negrita ? 'F2' : 'F1'} ${size} Tf 50 ${y} Td (${pdfText(part)}) Tj ET`);
      y -= size + 5;
    }
    y -= l.espacio ?? 0;
  }
  const content = Buffer.from(ops.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    chunks.push(b);
    offset += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(offset);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(offset);
  push(Buffer.from(`6 0 obj\n<< /Length ${content.length} >>\nstream\n`, 'latin1'));
  push(content);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = offset;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

type Atencion = {
  idPlanilla: number;
  idCarga: number;
  idTramite: number;
  idUsuario: number;
  numero: string;
  cedula: string;
  nombre: string;
  fecha: string;
  medico: string | null;
  diag: string | null;
  diagNombre: string | null;
  prestador: string;
  detalle: { codigo: string; descripcion: string | null; cantidad: number }[];
};

const fechaEs = (iso: string) => iso.split('-').reverse().join('/');

function informe(a: Atencion): Buffer {
  return documentoPdf([
    { texto: a.prestador, negrita: true, tamano: 14, espacio: 21 },
    { texto: 'INFORME DE ATENCIÓN MÉDICA', negrita: true, tamano: 13, espacio: 10 },
    { texto: `Atención N.º ${a.numero}            Fecha: ${fechaEs(a.fecha)}` },
    { texto: `Paciente: ${a.nombre}            Cédula: ${a.cedula}`, espacio: 8 },
    { texto: 'Diagnóstico principal (CIE-10)', negrita: true },
    { texto: a.diag ? `${a.diag} - ${a.diagNombre ?? ''}` : 'Sin diagnóstico', espacio: 8 },
    { texto: 'Prestaciones', negrita: true },
    ...a.detalle.map((d) => ({ texto: `${d.codigo}   ${d.descripcion ?? ''}   x ${d.cantidad}` })),
    { texto: '', espacio: 30 },
    { texto: '______________________________' },
    { texto: a.medico ?? 'Médico tratante' },
    { texto: 'Médico tratante', tamano: 9, espacio: 40 },
    { texto: 'Documento de demostración generado por Auditoría Médica.', tamano: 8 },
  ]);
}

function receta(a: Atencion): Buffer {
  return documentoPdf([
    { texto: a.prestador, negrita: true, tamano: 14, espacio: 21 },
    { texto: 'RECETA MÉDICA', negrita: true, tamano: 13, espacio: 10 },
    { texto: `Paciente: ${a.nombre}            Cédula: ${a.cedula}` },
    { texto: `Fecha: ${fechaEs(a.fecha)}            Atención N.º ${a.numero}`, espacio: 10 },
    { texto: 'Rp.', negrita: true },
    { texto: '1. Paracetamol 500 mg, tabletas. Tomar 1 cada 8 horas por 3 días.' },
    { texto: '2. Suero oral, sobres. Disolver 1 en 1 litro de agua; beber a lo largo del día.', espacio: 30 },
    { texto: '______________________________' },
    { texto: a.medico ?? 'Médico tratante', espacio: 40 },
    { texto: 'Documento de demostración generado por Auditoría Médica.', tamano: 8 },
  ]);
}

/** An attention as its documents print it (p attention, c load, t procedure, dg diagnosis, pr provider). */
const ATENCION_COLS = lista([
  columnas(planilla, 'p', { solo: ['idPlanilla', 'idCarga', 'idTramite'] }),
  columnas(carga, 'c', { solo: ['idUsuario'] }),
  columnas(planilla, 'p', {
    solo: ['numero', 'cedula', 'nombre'],
    extra: {
      fecha: 'p.fecha_desde::text',
      medico: 'p.nombre_medico',
      diag: 'p.diag1',
      diagNombre: 'dg.nombre',
      prestador: 'pr.nombre_comercial',
      estado: 't.estado_tramite',
      orden: 'row_number() OVER (PARTITION BY p.id_tramite ORDER BY p.numero)::int',
      total: 'count(*) OVER (PARTITION BY p.id_tramite)::int',
    },
  }),
]);
const DETALLE_COLS = columnas(planillaDet, 'd', {
  solo: ['idPlanilla', 'codigo', 'descripcion', 'cantidad'],
});

/**
 * Stores the demo documents and records them (archivo_pla) in the caller's transaction. Objects
 * written before a failure are removed again.
 */
export async function seedDemoArchivos(q: Queryable, storage: Storage): Promise<number> {
  const atenciones = await consulta<
    Omit<Atencion, 'detalle'> & { estado: string; orden: number; total: number }
  >(
    q,
    sql`SELECT ${ATENCION_COLS}
       FROM planilla p
       JOIN tramite t ON t.id_tramite = p.id_tramite
       JOIN carga c ON c.id_carga = p.id_carga
       JOIN prestador pr ON pr.id_prestador = p.id_prestador
       LEFT JOIN diagnostico dg ON dg.codigo = p.diag1
      WHERE t.estado_tramite IN ('ENVIADO', 'EN PROCESO', 'FINALIZADO')
      ORDER BY p.id_tramite, p.numero`,
  );
  const detalles = await consulta<{
    idPlanilla: number;
    codigo: string;
    descripcion: string | null;
    cantidad: number;
  }>(
    q,
    sql`SELECT ${DETALLE_COLS}
       FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
       JOIN tramite t ON t.id_tramite = p.id_tramite
      WHERE t.estado_tramite IN ('ENVIADO', 'EN PROCESO', 'FINALIZADO')
      ORDER BY d.id_planilla, d.id_planilla_det`,
  );
  const porPlanilla = new Map<number, Atencion['detalle']>();
  for (const d of detalles) {
    const list = porPlanilla.get(d.idPlanilla) ?? [];
    list.push(d);
    porPlanilla.set(d.idPlanilla, list);
  }

  const filas: { a: Atencion; nombre: string; key: string; contenido: Buffer; sha256: string }[] = [];
  for (const row of atenciones) {
    if (row.estado === 'EN PROCESO' && row.orden > row.total - DEMO_SIN_DOCUMENTOS) continue;
    const a: Atencion = { ...row, detalle: porPlanilla.get(row.idPlanilla) ?? [] };
    const docs: [string, Buffer][] = [[`${a.numero}-informe.pdf`, informe(a)]];
    if (Number(a.numero) % 5 === 0) docs.push([`${a.numero}-receta.pdf`, receta(a)]);
    for (const [nombre, contenido] of docs) {
      filas.push({
        a,
        nombre,
        contenido,
        sha256: crypto.createHash('sha256').update(contenido).digest('hex'),
        key: storageKey(a.idTramite, a.idCarga, 'application/pdf'),
      });
    }
  }

  const escritos: string[] = [];
  try {
    await fs.mkdir(storage.spoolDir, { recursive: true });
    for (const f of filas) {
      const spool = path.join(storage.spoolDir, `demo-${crypto.randomUUID()}`);
      await fs.writeFile(spool, f.contenido);
      await storage.putFile(f.key, spool, {
        size: f.contenido.length,
        contentType: 'application/pdf',
        sha256: f.sha256,
      });
      escritos.push(f.key);
    }
    const de = (v: (f: (typeof filas)[number]) => unknown) => sql.param(filas.map(v));
    await consulta(
      q,
      sql`INSERT INTO archivo_pla (id_planilla, id_carga, id_tramite, nombre, ruta, tipo, tamano, hash, id_usuario)
       SELECT x.p, x.c, x.t, x.n, x.r, 'application/pdf', x.s, x.h, x.u
         FROM unnest(${de((f) => f.a.idPlanilla)}::int[], ${de((f) => f.a.idCarga)}::int[], ${de((f) => f.a.idTramite)}::int[],
                     ${de((f) => f.nombre)}::text[], ${de((f) => f.key)}::text[], ${de((f) => f.contenido.length)}::bigint[],
                     ${de((f) => f.sha256)}::text[], ${de((f) => f.a.idUsuario)}::int[])
           AS x(p, c, t, n, r, s, h, u)`,
    );
  } catch (err) {
    await storage.remove(escritos).catch(() => undefined);
    throw err;
  }
  return filas.length;
}
