import type { ResultadoArchivos } from '@app/domain/archivos/rules';
import { resultadoVacio, sumarResultado } from './archivos-rules.ts';

/*
 * The folder upload as parallel batches: one progress in files and bytes, each failed batch retried
 * (network errors, 5xx, 429) with a growing pause, then kept aside for a manual retry. A refusal that
 * concerns the whole load (401, 403, 404, 409) stops everything.
 */

export type ErrorEnvio = Error & { status?: number };

export type Enviar<F> = (
  lote: F[],
  onProgress: (bytesEnviados: number) => void,
  signal: AbortSignal,
) => Promise<ResultadoArchivos>;

export type Lote<F> = { n: number; archivos: F[]; bytes: number; error?: string; rechazado?: boolean };

export type EstadoSubida<F> = {
  total: number;
  bytesTotal: number;
  archivos: number;
  bytes: number;
  inicio: number;
  /** Bytes already done when this run started (the rate counts this run only). */
  bytesInicio: number;
  resultado: ResultadoArchivos;
  /** Batches that failed after their retries (retryable by hand). */
  fallidos: Lote<F>[];
  /** Batches the server refused for their content (a bad file): not retried. */
  rechazados: Lote<F>[];
  /** A refusal for the whole load. */
  error: string | null;
  reintentando: number;
  enCurso: boolean;
  cancelado: boolean;
};

const reintentable = (e: ErrorEnvio) => !e.status || e.status >= 500 || e.status === 429 || e.status === 408;
const fatal = (e: ErrorEnvio) => e.status === 401 || e.status === 403 || e.status === 404 || e.status === 409;

export type OpcionesSubida = { paralelo?: number; reintentos?: number; pausa?: (intento: number) => number };

export class SubidaCarpeta<F extends { size: number }> {
  private estado: EstadoSubida<F>;
  private readonly progreso = new Map<number, number>();
  private controller = new AbortController();
  private readonly paralelo: number;
  private readonly reintentos: number;
  private readonly pausa: (intento: number) => number;

  constructor(
    private pendientes: Lote<F>[],
    private readonly enviar: Enviar<F>,
    private readonly onCambio: (e: EstadoSubida<F>) => void,
    opts: OpcionesSubida = {},
  ) {
    this.paralelo = opts.paralelo ?? 3;
    this.reintentos = opts.reintentos ?? 3;
    this.pausa = opts.pausa ?? ((i) => 1000 * 3 ** (i - 1));
    this.estado = {
      total: pendientes.reduce((a, l) => a + l.archivos.length, 0),
      bytesTotal: pendientes.reduce((a, l) => a + l.bytes, 0),
      archivos: 0,
      bytes: 0,
      inicio: Date.now(),
      bytesInicio: 0,
      resultado: resultadoVacio(),
      fallidos: [],
      rechazados: [],
      error: null,
      reintentando: 0,
      enCurso: false,
      cancelado: false,
    };
  }

  static lotes<F extends { size: number }>(grupos: F[][]): Lote<F>[] {
    return grupos.map((archivos, n) => ({ n, archivos, bytes: archivos.reduce((a, f) => a + f.size, 0) }));
  }

  get snapshot(): EstadoSubida<F> {
    return this.estado;
  }

  private set(patch: Partial<EstadoSubida<F>>) {
    this.estado = { ...this.estado, ...patch };
    this.onCambio(this.estado);
  }

  private bytesEnVuelo() {
    let s = 0;
    for (const v of this.progreso.values()) s += v;
    return s;
  }

  private hechos = { archivos: 0, bytes: 0 };

  private publicarProgreso() {
    this.set({ archivos: this.hechos.archivos, bytes: this.hechos.bytes + this.bytesEnVuelo() });
  }

  async start(): Promise<EstadoSubida<F>> {
    this.set({ enCurso: true, cancelado: false, error: null });
    const cola = [...this.pendientes];
    this.pendientes = [];
    const worker = async () => {
      for (let lote = cola.shift(); lote; lote = cola.shift()) {
        if (this.controller.signal.aborted || this.estado.error) return;
        await this.enviarLote(lote);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.paralelo, cola.length) }, worker));
    this.set({ enCurso: false });
    return this.estado;
  }

  private async enviarLote(lote: Lote<F>) {
    for (let intento = 0; ; intento++) {
      this.progreso.set(lote.n, 0);
      try {
        const r = await this.enviar(
          lote.archivos,
          (b) => {
            this.progreso.set(lote.n, Math.min(b, lote.bytes));
            this.publicarProgreso();
          },
          this.controller.signal,
        );
        this.progreso.delete(lote.n);
        this.hechos.archivos += lote.archivos.length;
        this.hechos.bytes += lote.bytes;
        this.set({ resultado: sumarResultado(this.estado.resultado, r) });
        this.publicarProgreso();
        return;
      } catch (e) {
        this.progreso.delete(lote.n);
        this.publicarProgreso();
        const err = e as ErrorEnvio;
        if (this.controller.signal.aborted || err.name === 'AbortError') {
          this.pendientes.push(lote);
          return;
        }
        if (fatal(err)) {
          this.set({ error: err.message });
          this.controller.abort();
          return;
        }
        if (!reintentable(err)) {
          this.set({
            rechazados: [...this.estado.rechazados, { ...lote, error: err.message, rechazado: true }],
          });
          return;
        }
        if (intento >= this.reintentos) {
          this.set({ fallidos: [...this.estado.fallidos, { ...lote, error: err.message }] });
          return;
        }
        this.set({ reintentando: this.estado.reintentando + 1 });
        await esperar(this.pausa(intento + 1), this.controller.signal);
        this.set({ reintentando: this.estado.reintentando - 1 });
      }
    }
  }

  /** Stops: batches in flight are abandoned (what the server already committed stays). */
  cancel() {
    this.controller.abort();
    this.set({ cancelado: true });
  }

  /** Sends again the batches that failed (and, after a cancel, those not sent). */
  async reintentar(): Promise<EstadoSubida<F>> {
    this.controller = new AbortController();
    this.pendientes = [...this.estado.fallidos, ...this.pendientes].map(({ error: _e, ...l }) => l);
    this.set({ fallidos: [], inicio: Date.now(), bytesInicio: this.estado.bytes });
    // Progress restarts its clock; what is done stays done.
    return this.start();
  }
}

function esperar(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}
