import { MSG_ARCHIVO } from '@app/domain/archivos/messages';
import { csvUnaColumna, MAX_BYTES_DOCUMENTO } from '@app/domain/archivos/rules';
import { describe, expect, it } from 'vitest';
import {
  type ArchivoLocal,
  clasificar,
  dialogosResultado,
  lotes,
  progresoTexto,
  rutaRelativa,
  seleccionValida,
  tiempoRestante,
} from './archivos-rules.ts';
import { SubidaCarpeta } from './subida.ts';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MZ = [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0];

const file = (path: string, size: number, head: number[] = PDF): ArchivoLocal => ({
  name: path.split('/').pop() as string,
  webkitRelativePath: path,
  size,
  slice: () => ({ arrayBuffer: async () => new Uint8Array(head).buffer }),
});

describe('choosing the folder', () => {
  it('keeps PDF/JPEG/PNG by extension and content, skips empty files, warns about the rest', async () => {
    const s = await clasificar([
      file('docs/123.pdf', 1000),
      file('docs/sub/124.PNG', 2000, PNG),
      file('docs/125.pdf', 0),
      file('docs/virus.pdf', 10, MZ),
      file('docs/notas.txt', 10),
      file('docs/grande.pdf', MAX_BYTES_DOCUMENTO + 1),
      file('docs/justo.pdf', MAX_BYTES_DOCUMENTO),
    ]);
    expect(s.total).toBe(7);
    expect(s.validos.map(rutaRelativa)).toEqual(['123.pdf', 'justo.pdf', 'sub/124.PNG']);
    expect(s.bytes).toBe(3000 + MAX_BYTES_DOCUMENTO);
    expect(s.vacios).toBe(1);
    expect(s.rechazados).toEqual([
      { nombre: 'virus.pdf', motivo: MSG_ARCHIVO.motivoTipo },
      { nombre: 'notas.txt', motivo: MSG_ARCHIVO.motivoTipo },
      { nombre: 'grande.pdf', motivo: MSG_ARCHIVO.motivoTamano(20) },
    ]);
  });

  it('enables the upload for 1 to 20,000 files', () => {
    expect(seleccionValida(0)).toBe(false);
    expect(seleccionValida(1)).toBe(true);
    expect(seleccionValida(20_000)).toBe(true);
    expect(seleccionValida(20_001)).toBe(false);
  });

  it('cuts batches by count and bytes; a big file goes alone', () => {
    const sizes = [5, 5, 5, 20, 5, 5];
    const out = lotes(
      sizes.map((size) => ({ size })),
      { maxArchivos: 2, maxBytes: 12 },
    );
    expect(out.map((l) => l.map((f) => f.size))).toEqual([[5, 5], [5], [20], [5, 5]]);
  });
});

describe('progress and results', () => {
  it('tells files, MB and time left', () => {
    expect(
      progresoTexto({ archivos: 1234, total: 5000, bytes: 12.5 * 1048576, bytesTotal: 80 * 1048576 }),
    ).toBe('1.234 de 5.000 archivos · 12,50 de 80,00 MB');
    expect(tiempoRestante(100, 0, 5000)).toBe('calculando el tiempo restante...');
    expect(tiempoRestante(100, 100, 10_000)).toBe('quedan 10 s');
    expect(tiempoRestante(1250, 100, 10_000)).toBe('quedan 2 min 5 s');
    expect(tiempoRestante(4000, 10, 10_000)).toBe('quedan 1 h 6 min');
  });

  it('orders the three dialogs of docs/spec-summary.md 000 §8, each with its CSV', () => {
    const d = dialogosResultado({
      archivosCargados: ['1.pdf', '2.pdf'],
      archivosDuplicados: ['3.pdf'],
      planillasNoEncontradas: ['x.pdf'],
    });
    expect(d.map((x) => [x.tipo, x.titulo, x.archivoCsv])).toEqual([
      ['success', 'Archivos cargados correctamente', 'archivosCargados.csv'],
      ['warning', 'Archivos duplicados', 'archivosDuplicados.csv'],
      ['error', 'Planillas no encontradas', 'planillasNoEncontradas.csv'],
    ]);
    expect(d[0].texto).toBe('Se cargaron 2 archivos.');
    expect(
      dialogosResultado({ archivosCargados: [], archivosDuplicados: ['a'], planillasNoEncontradas: [] }).map(
        (x) => x.lista,
      ),
    ).toEqual(['archivosDuplicados']);
    expect(csvUnaColumna('archivosDuplicados', ['a;b.pdf', 'c.pdf'])).toBe(
      '\uFEFFarchivosDuplicados\r\n"a;b.pdf"\r\nc.pdf\r\n',
    );
  });
});

describe('parallel batches', () => {
  const ok = (names: string[]) => ({
    archivosCargados: names,
    archivosDuplicados: [],
    planillasNoEncontradas: [],
  });
  type F = { size: number; name: string };
  const grupos: F[][] = [[{ size: 10, name: 'a' }], [{ size: 20, name: 'b' }], [{ size: 30, name: 'c' }]];

  it('retries a failed batch and merges every answer', async () => {
    const intentos = new Map<string, number>();
    const sub = new SubidaCarpeta<F>(
      SubidaCarpeta.lotes(grupos),
      async (lote, onProgress) => {
        const k = lote[0].name;
        intentos.set(k, (intentos.get(k) ?? 0) + 1);
        onProgress(lote[0].size / 2);
        if (k === 'b' && intentos.get(k) === 1) throw Object.assign(new Error('red'), { status: 0 });
        return ok([k]);
      },
      () => {},
      { pausa: () => 1 },
    );
    const e = await sub.start();
    expect(intentos.get('b')).toBe(2);
    expect(e.resultado.archivosCargados.sort()).toEqual(['a', 'b', 'c']);
    expect(e).toMatchObject({
      archivos: 3,
      bytes: 60,
      total: 3,
      bytesTotal: 60,
      fallidos: [],
      enCurso: false,
    });
  });

  it('keeps a batch that keeps failing for a manual retry; a refused batch is not retried', async () => {
    let caido = true;
    const sub = new SubidaCarpeta<F>(
      SubidaCarpeta.lotes(grupos),
      async (lote) => {
        if (lote[0].name === 'b' && caido)
          throw Object.assign(new Error('Error en la petición'), { status: 502 });
        if (lote[0].name === 'c') throw Object.assign(new Error('no permitido'), { status: 415 });
        return ok([lote[0].name]);
      },
      () => {},
      { pausa: () => 1, reintentos: 2 },
    );
    const e = await sub.start();
    expect(e.fallidos.map((l) => l.n)).toEqual([1]);
    expect(e.rechazados.map((l) => [l.n, l.error])).toEqual([[2, 'no permitido']]);
    expect(e.archivos).toBe(1);
    caido = false;
    const e2 = await sub.reintentar();
    expect(e2.fallidos).toEqual([]);
    expect(e2.resultado.archivosCargados.sort()).toEqual(['a', 'b']);
    expect(e2.archivos).toBe(2);
  });

  it('stops everything when the load itself is refused (409)', async () => {
    let llamadas = 0;
    const sub = new SubidaCarpeta<F>(
      SubidaCarpeta.lotes(grupos),
      async () => {
        llamadas++;
        throw Object.assign(new Error('No se pueden cargar archivos'), { status: 409 });
      },
      () => {},
      { paralelo: 1 },
    );
    const e = await sub.start();
    expect(llamadas).toBe(1);
    expect(e.error).toBe('No se pueden cargar archivos');
  });
});
