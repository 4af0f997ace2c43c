import { ReloadOutlined } from '@ant-design/icons';
import { MAX_ARCHIVOS_CARGA } from '@app/domain/archivos/rules';
import { formatCalendarDate, formatCount } from '@app/domain/common/format';
import { EJEMPLOS_NOMBRE_DOCUMENTO } from '@app/domain/herramientas/manual-datos';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../components/use-feedback.tsx';
import { tramiteKeys } from '../tramites/tramites-api.ts';
import { archivoKeys } from './archivos-api.ts';
import {
  clasificar,
  type DialogoResultado,
  dialogosResultado,
  LIMITES_LOTE,
  lotes,
  MAX_MB,
  type Seleccion,
  seleccionValida,
} from './archivos-rules.ts';
import { AvanceSubida, descargarLista, Muestra, SeleccionCarpeta } from './carga-archivos-partes.tsx';
import { enviarLote } from './enviar-lote.ts';
import { type EstadoSubida, SubidaCarpeta } from './subida.ts';

export type CargaArchivosModalProps = {
  open: boolean;
  /** The load's procedure (informative: the load identifies it). */
  idTramite?: number;
  carga: { idCarga: number; fechaDesde: string; fechaHasta: string } | null;
  onClose: () => void;
};

/**
 * 'Carga de Archivos' (docs/spec-summary.md 000 §2, §5, §8): the user picks a folder; PDF, JPEG and PNG up to 20 MB go,
 * empty files are skipped, anything else is 'Archivo no permitido'. The files leave in parallel
 * batches under one progress bar (files, MB, time left); a batch that fails is retried, then can be
 * retried by hand. At the end the three result dialogs appear and each non-empty list downloads
 * as its CSV.
 */
export function CargaArchivosModal({ open, carga, onClose }: CargaArchivosModalProps) {
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [carpeta, setCarpeta] = useState<string | null>(null);
  const [revisando, setRevisando] = useState(false);
  const [seleccion, setSeleccion] = useState<Seleccion<File> | null>(null);
  const [intentoSinCarpeta, setIntentoSinCarpeta] = useState(false);
  const [estado, setEstado] = useState<EstadoSubida<File> | null>(null);
  const subidaRef = useRef<SubidaCarpeta<File> | null>(null);
  const [ahora, setAhora] = useState(Date.now());

  const subiendo = !!estado?.enCurso;
  useEffect(() => {
    if (!subiendo) return;
    const t = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(t);
  }, [subiendo]);

  function reset() {
    setCarpeta(null);
    setSeleccion(null);
    setEstado(null);
    setIntentoSinCarpeta(false);
    subidaRef.current = null;
    if (inputRef.current) inputRef.current.value = '';
  }

  function cerrar() {
    if (subiendo) return;
    reset();
    onClose();
  }

  async function elegir(files: FileList | null) {
    const lista = files ? Array.from(files) : [];
    setEstado(null);
    setIntentoSinCarpeta(false);
    if (lista.length === 0) {
      setCarpeta(null);
      setSeleccion(null);
      return;
    }
    setCarpeta(lista[0].webkitRelativePath.split('/')[0] || null);
    setRevisando(true);
    try {
      setSeleccion(await clasificar(lista));
    } finally {
      setRevisando(false);
    }
  }

  function refrescar() {
    // Roots of the loads' and attentions' query keys (cargaKeys.all in features/cargas): written out
    // so that this feature, which the loads panel opens, does not import the loads feature back.
    void queryClient.invalidateQueries({ queryKey: ['cargas'] });
    void queryClient.invalidateQueries({ queryKey: tramiteKeys.all });
    void queryClient.invalidateQueries({ queryKey: archivoKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['planillas'] });
  }

  function mostrarDialogos(d: DialogoResultado[], i = 0) {
    const x = d[i];
    if (!x) return;
    if (x.nombres.length > 0) descargarLista(x.archivoCsv, x.nombres);
    const fn =
      x.tipo === 'success'
        ? feedback.modal.success
        : x.tipo === 'warning'
          ? feedback.modal.warning
          : feedback.modal.error;
    fn({
      title: x.titulo,
      width: 520,
      content: (
        <div>
          <p style={{ margin: 0 }}>{x.texto}</p>
          {x.nombres.length > 0 && (
            <Muestra
              nombres={x.nombres}
              resto={
                <p style={{ margin: '8px 0 0' }}>
                  <Typography.Text type="secondary">
                    Lista completa descargada en {x.archivoCsv}.
                  </Typography.Text>
                </p>
              }
            />
          )}
        </div>
      ),
      okText: 'Aceptar',
      onOk: () => mostrarDialogos(d, i + 1),
    });
  }

  async function correr(run: () => Promise<EstadoSubida<File>>) {
    const e = await run();
    refrescar();
    if (e.cancelado || e.error) return;
    const hecho = e.archivos > 0 || e.fallidos.length === 0;
    if (hecho) mostrarDialogos(dialogosResultado(e.resultado));
  }

  function cargar() {
    if (!carga) return;
    if (!seleccion) {
      setIntentoSinCarpeta(true);
      return;
    }
    if (!seleccionValida(seleccion.validos.length)) return;
    const sub = new SubidaCarpeta<File>(
      SubidaCarpeta.lotes(lotes(seleccion.validos, LIMITES_LOTE)),
      enviarLote(carga.idCarga),
      setEstado,
    );
    subidaRef.current = sub;
    setEstado(sub.snapshot);
    void correr(() => sub.start());
  }

  function reintentar() {
    const sub = subidaRef.current;
    if (sub) void correr(() => sub.reintentar());
  }

  const n = seleccion?.validos.length ?? 0;
  const fuera = !!seleccion && n > MAX_ARCHIVOS_CARGA;
  const terminado = !!estado && !estado.enCurso;

  const footer = subiendo ? (
    <Button danger onClick={() => subidaRef.current?.cancel()}>
      Cancelar carga
    </Button>
  ) : terminado ? (
    <Flex justify="end" gap={8} wrap>
      {(estado.fallidos.length > 0 || (estado.cancelado && estado.archivos < estado.total)) && (
        <Button icon={<ReloadOutlined aria-hidden />} onClick={reintentar}>
          {estado.cancelado ? 'Continuar la carga' : 'Reintentar lotes fallidos'}
        </Button>
      )}
      <Button type="primary" onClick={cerrar}>
        Cerrar
      </Button>
    </Flex>
  ) : (
    <Flex justify="end" gap={8}>
      <Button onClick={cerrar}>Cancelar</Button>
      <Button type="primary" disabled={revisando || (!!seleccion && !seleccionValida(n))} onClick={cargar}>
        Cargar archivos
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title="Carga de Archivos"
      onCancel={cerrar}
      closable={!subiendo}
      mask={{ closable: false }}
      keyboard={!subiendo}
      width={680}
      destroyOnHidden
      footer={footer}
    >
      {feedback.contextHolder}
      <Flex vertical gap={12}>
        {carga && (
          <Typography.Text type="secondary">
            Carga {carga.idCarga} · {formatCalendarDate(carga.fechaDesde)} –{' '}
            {formatCalendarDate(carga.fechaHasta)}
          </Typography.Text>
        )}
        <Typography.Paragraph style={{ margin: 0 }}>
          Elija la carpeta con los documentos de las atenciones. Cada archivo se asocia a la atención cuyo
          número inicia su nombre ({EJEMPLOS_NOMBRE_DOCUMENTO.join(', ')}). Se aceptan PDF, JPEG y PNG de
          hasta {MAX_MB} MB, entre 1 y {formatCount(MAX_ARCHIVOS_CARGA)} archivos.
        </Typography.Paragraph>

        {!estado && (
          <SeleccionCarpeta
            inputRef={inputRef}
            revisando={revisando}
            carpeta={carpeta}
            intentoSinCarpeta={intentoSinCarpeta}
            seleccion={seleccion}
            n={n}
            fuera={fuera}
            onElegir={(files) => void elegir(files)}
          />
        )}
        {estado && <AvanceSubida estado={estado} subiendo={subiendo} terminado={terminado} ahora={ahora} />}
      </Flex>
    </Modal>
  );
}
